/** Billing shows a staff refund beside the amount (issue 10): "Refunded $x.xx on <date>", in both layouts. */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BillingPage from '../../pages/portal/billing-page.tsx';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { payment, serveApi } from './test-fixtures.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('a refunded payment in Billing', () => {
  it('says how much was refunded and when; a payment without refunds says nothing of it', async () => {
    serveApi(fetchMock, {
      'GET /api/Billing': () =>
        jsonReply(200, [
          payment({
            id: 'partly',
            finalAmount: 55_000,
            refundedAmount: 15_000,
            refundedAt: '2026-11-20T18:00:00Z',
          }),
          payment({ id: 'whole', finalAmount: 9_900 }),
        ]),
    });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });
    const lines = await screen.findAllByText('Refunded $150.00 on Nov 20, 2026');
    // The table (wide screens) and the card (phones) both carry it.
    expect(lines).toHaveLength(2);
    expect(screen.queryAllByText(/Refunded \$99/)).toHaveLength(0);
  });
});
