import type { SplitView } from '@lc/contract';
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

const DANA = '11111111-1111-4111-8111-111111111111';
const SAM = '22222222-2222-4222-8222-222222222222';
const AVA = '33333333-3333-4333-8333-333333333333';
const view = (over: Partial<SplitView> = {}): SplitView => ({
  canSplit: true,
  parents: [
    { id: DANA, firstName: 'Dana', you: true },
    { id: SAM, firstName: 'Sam', you: false },
  ],
  children: [{ id: AVA, firstName: 'Ava' }],
  active: {
    rule: { kind: 'percent', percents: { [DANA]: 60, [SAM]: 40 } },
    since: '2026-11-20',
    agreedBy: [DANA, SAM],
  },
  proposal: null,
  shares: [
    { parentId: DANA, firstName: 'Dana', balance: 42_001, nextDue: { amount: 14_000, dueOn: '2026-12-01' } },
    { parentId: SAM, firstName: 'Sam', balance: 28_000, nextDue: null },
  ],
  ...over,
});

describe('sharing the bills in Billing', () => {
  it('shows the split in force and each parent’s share, and accepts the other parent’s proposal', async () => {
    const accept = vi.fn(() => jsonReply(200, view()));
    serveApi(fetchMock, {
      'GET /api/Billing/Split': () =>
        jsonReply(
          200,
          view({
            proposal: {
              id: 'p1',
              rule: { kind: 'child', payers: { [AVA]: SAM } },
              proposedBy: SAM,
              proposedByYou: false,
              created: '2026-11-21T18:00:00Z',
            },
          }),
        ),
      'POST /api/Billing/Split/Accept': accept,
    });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });
    expect(
      await screen.findByText(
        'You share the bills since Nov 20, 2026: you pay 60% and Sam pays 40% of each bill that falls due.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Your share: $420.01 to pay. Next: $140.00 on Dec 1, 2026.')).toBeInTheDocument();
    expect(screen.getByText('Sam’s share: $280.00 to pay.')).toBeInTheDocument();
    expect(
      screen.getByText('You pay the bills of no child, and Sam pays the bills of Ava.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Done: from today each of you pays your own share.')).toBeInTheDocument();
    expect(accept).toHaveBeenCalledTimes(1);
  });

  it('says a refused share by its field and moves the focus there', async () => {
    serveApi(fetchMock, {
      'GET /api/Billing/Split': () => jsonReply(200, view({ active: null })),
      'POST /api/Billing/Split': () =>
        jsonReply(400, {
          error: 'Bad Request',
          message: 'Give your share as a whole percentage from 1 to 99.',
          fields: { yourPercent: 'Give your share as a whole percentage from 1 to 99.' },
          requestId: 'r',
        }),
    });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });
    fireEvent.click(await screen.findByRole('button', { name: 'Send to Sam' }));
    const field = screen.getByRole('textbox', { name: 'Your share' });
    await waitFor(() => expect(field).toHaveAccessibleDescription(/whole percentage from 1 to 99/));
    expect(field).toHaveFocus();
  });

  it('invites a parent alone to add the other parent first', async () => {
    serveApi(fetchMock, {
      'GET /api/Billing/Split': () =>
        jsonReply(
          200,
          view({ canSplit: false, parents: [{ id: DANA, firstName: 'Dana', you: true }], active: null }),
        ),
    });
    renderPage(<BillingPage />, { path: '/dashboard/billing' });
    expect(await screen.findByRole('link', { name: 'Go to the Family page' })).toHaveAttribute(
      'href',
      '/dashboard/family',
    );
    expect(screen.queryByRole('button', { name: /Send to/ })).not.toBeInTheDocument();
  });
});
