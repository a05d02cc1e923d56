import type { AutopayStatus } from '@lc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BillingPage from '../../pages/portal/billing-page.tsx';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { serveApi } from './test-fixtures.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const method = { kind: 'card' as const, label: 'visa', last4: '9995' };
const status = (over: Partial<AutopayStatus> = {}): AutopayStatus => ({
  method: {
    ...method,
    expMonth: 12,
    expYear: 2030,
    autopay: true,
    saved: '2026-11-20T18:00:00Z',
    ownerName: null,
  },
  upcoming: [
    { dueOn: '2027-01-07', amount: 53_333, sessionName: 'Winter Morning Session', childName: 'Maya' },
  ],
  attempts: [
    {
      id: 'a2',
      dueOn: '2026-12-08',
      amount: 53_333,
      sessionName: 'Winter Morning Session',
      childName: 'Maya',
      attempt: 1,
      status: 'failed',
      failureCode: 'insufficient_funds',
      nextTryOn: '2026-12-09',
      retried: false,
      method,
      created: '2026-12-08T18:00:00Z',
    },
    {
      id: 'a1',
      dueOn: '2026-11-08',
      amount: 53_333,
      sessionName: 'Winter Morning Session',
      childName: 'Maya',
      attempt: 4,
      status: 'failed',
      failureCode: 'expired_card',
      nextTryOn: null,
      retried: false,
      method,
      created: '2026-11-13T18:00:00Z',
    },
    {
      id: 'a0',
      dueOn: '2026-11-08',
      amount: 53_333,
      sessionName: 'Winter Morning Session',
      childName: 'Maya',
      attempt: 3,
      status: 'failed',
      failureCode: 'expired_card',
      nextTryOn: null,
      retried: true,
      method,
      created: '2026-11-11T18:00:00Z',
    },
  ],
  ...over,
});

describe('automatic payments in Billing', () => {
  it('shows the saved card, the instalments to come and each attempt’s outcome, and turns autopay off', async () => {
    const put = vi.fn(() => jsonReply(200, status({ method: { ...status().method!, autopay: false } })));
    serveApi(fetchMock, {
      'GET /api/Billing/Autopay': () => jsonReply(200, status()),
      'PUT /api/Billing/Autopay': put,
    });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });

    expect(await screen.findByText('Visa ending 9995 · expires 12/2030')).toBeInTheDocument();
    expect(
      screen.getByText('Jan 7, 2027: $533.33 for Maya in Winter Morning Session · charged automatically'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Dec 8, 2026 instalment of $533.33 (Maya, Winter Morning Session): declined (not enough money available). We’ll try again on Dec 9, 2026.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/No more automatic tries: please pay it with Pay now\./)).toBeInTheDocument();
    expect(
      screen.getByText(
        'Nov 8, 2026 instalment of $533.33 (Maya, Winter Morning Session): declined (the card has expired), then tried again.',
      ),
    ).toBeInTheDocument();

    const toggle = screen.getByRole('switch', { name: /^Pay instalments automatically/ });
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    // The sentence is announced and takes the focus, so a keyboard user hears what changed.
    const notice = await screen.findByText(
      'Automatic payments are off. Nothing is charged until you turn them on again.',
    );
    expect(notice.closest('[role="status"]')).toHaveFocus();
    expect(put).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(fetchMock.mock.calls.find((c) => c[1]?.method === 'PUT')?.[1]?.body))).toEqual({
      enabled: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /^Pay instalments automatically/ })).not.toBeChecked(),
    );
  });

  it('settles a setup checkout it came back from, once, and says the method is saved', async () => {
    const finish = vi.fn(() => jsonReply(200, status({ attempts: [] })));
    serveApi(fetchMock, {
      'GET /api/Billing/Autopay': () => jsonReply(200, status({ method: null, attempts: [] })),
      'POST /api/Billing/Autopay/Setup/test_cs_1': finish,
    });
    renderPage(<BillingPage />, {
      path: '/dashboard/billing?method=test_cs_1',
      pattern: '/dashboard/billing',
    });
    expect(
      await screen.findByText(
        'Your card or bank account is saved. Instalments are charged to it on their dates.',
      ),
    ).toBeInTheDocument();
    expect(finish).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Change card or bank account' })).toBeInTheDocument();
  });

  it('offers to save a method when none is saved, and names a co-parent’s', async () => {
    serveApi(fetchMock, {
      'GET /api/Billing/Autopay': () =>
        jsonReply(200, status({ method: { ...status().method!, ownerName: 'Dana' }, attempts: [] })),
    });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });
    expect(
      await screen.findByText(
        'Saved by Dana, who can change it or turn it off. You can save your own instead.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });
});
