import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MySessionPage from '../../pages/portal/my-session-page.tsx';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { fetchMock, MAYA_HERE, quote, serve } from './withdraw-dialog-fixtures.ts';

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function openDialog() {
  renderPage(<MySessionPage />, {
    path: '/dashboard/sessions/2',
    pattern: '/dashboard/sessions/:classSessionId',
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Withdraw Maya' }));
  return screen.findByRole('dialog', { name: 'Withdraw Maya' });
}

describe('withdrawing a child in the portal', () => {
  it('shows the exact refund and the policy before confirming, then withdraws with that amount and refreshes', async () => {
    const calls = serve(
      [jsonReply(200, quote())],
      [
        jsonReply(200, {
          enrollmentId: MAYA_HERE.id,
          refund: 31_000,
          refundStatus: 'Succeeded',
          message: 'Maya is withdrawn. We have refunded $310.00.',
        }),
      ],
    );
    const dialog = await openDialog();
    const table = await within(dialog).findByRole('table', { name: 'Your refund' });
    expect(within(table).getByRole('row', { name: /Registration, in full/ })).toHaveTextContent('$270.00');
    expect(within(table).getByRole('row', { name: /Supply fee/ })).toHaveTextContent('$40.00');
    expect(within(table).getByRole('row', { name: /Your refund/ })).toHaveTextContent('$310.00');
    expect(dialog).toHaveTextContent('After that, we refund 50% of the registration until the last day.');
    expect(dialog).toHaveTextContent('$310.00 goes back to the card you paid with');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Maya and refund $310.00' }));
    expect(await screen.findByText('Maya is withdrawn. We have refunded $310.00.')).toBeInTheDocument();
    expect(calls.posted).toEqual([
      { expectedRefund: 31_000, idempotencyKey: expect.stringMatching(/^[\w-]{8,}$/) },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.enrollmentReads()).toBe(2));
    expect(screen.queryByRole('button', { name: 'Withdraw Maya' })).toBeNull();
  });

  it('on a payment plan: what was paid against what the policy keeps, and what stays owed, before confirming', async () => {
    serve(
      [
        jsonReply(
          200,
          quote({
            window: 'partial',
            registrationShare: 180_000,
            registrationRefund: 90_000,
            supplyFeeRefund: 0,
            policyTotal: 90_000,
            refundableOnPayment: 37_500,
            refund: 0,
            plan: { paid: 37_500, kept: 97_500, owed: 60_000 },
          }),
        ),
      ],
      [],
    );
    const dialog = await openDialog();
    const table = await within(dialog).findByRole('table', { name: 'Your refund' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'Paid so far on the payment plan$375.00',
      'Kept by the refund policy (of the plan’s whole price)−$975.00',
      'Your refund$0.00',
    ]);
    expect(dialog).toHaveTextContent(
      'You have paid less than the refund policy keeps: $600.00 of the payment plan stays due, on the plan’s dates. The other instalments are cancelled.',
    );
    expect(within(dialog).getByRole('button', { name: 'Withdraw Maya with no refund' })).toBeInTheDocument();
  });

  it('a free place says there is nothing to refund, without a breakdown', async () => {
    serve(
      [
        jsonReply(
          200,
          quote({
            window: 'partial',
            registrationShare: 0,
            registrationRefund: 0,
            supplyFeeRefund: 0,
            policyTotal: 0,
            refundableOnPayment: 0,
            refund: 0,
            refundMethod: 'none',
          }),
        ),
      ],
      [],
    );
    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('This place was free of charge, so there is nothing to refund.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('table', { name: 'Your refund' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Withdraw Maya with no refund' })).toBeInTheDocument();
  });

  it('a refund that changed meanwhile is said in the dialog, the new one is shown, and the retry keeps its key', async () => {
    const calls = serve(
      [
        jsonReply(200, quote()),
        jsonReply(
          200,
          quote({
            window: 'partial',
            registrationRefund: 13_500,
            supplyFeeRefund: 0,
            policyTotal: 13_500,
            refund: 13_500,
          }),
        ),
      ],
      [
        jsonReply(409, {
          error: 'Conflict',
          message: 'The refund for withdrawing Maya today is $135.00, not the $310.00 you were shown.',
          fields: { expectedRefund: 'The refund is now $135.00.' },
          requestId: 'r',
        }),
        jsonReply(200, {
          enrollmentId: MAYA_HERE.id,
          refund: 13_500,
          refundStatus: 'Succeeded',
          message: 'Done.',
        }),
      ],
    );
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Withdraw Maya and refund $310.00' }));
    const again = await within(dialog).findByRole('button', { name: 'Withdraw Maya and refund $135.00' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('is $135.00, not the $310.00 you were shown');
    expect(within(dialog).getByRole('row', { name: /Registration, 50% of \$270\.00/ })).toHaveTextContent(
      '$135.00',
    );
    fireEvent.click(again);
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    const [first, second] = calls.posted as Array<{ expectedRefund: number; idempotencyKey: string }>;
    expect([first!.expectedRefund, second!.expectedRefund]).toEqual([31_000, 13_500]);
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
  });

  it('says before confirming that a brother’s sibling discount this place earned comes off the refund (decision 019)', async () => {
    const calls = serve(
      [
        jsonReply(
          200,
          quote({
            siblingDiscounts: [
              { firstNames: ['Theo'], sessionName: 'Spring Morning Session', discount: 3_000 },
            ],
            siblingDiscountKept: 3_000,
            refund: 28_000,
          }),
        ),
      ],
      [],
    );
    const dialog = await openDialog();
    const table = await within(dialog).findByRole('table', { name: 'Your refund' });
    expect(
      within(table).getByRole('row', { name: /Less the sibling discount that ends with Maya’s place/ }),
    ).toHaveTextContent('−$30.00');
    expect(within(table).getByRole('row', { name: /Your refund/ })).toHaveTextContent('$280.00');
    expect(dialog).toHaveTextContent(
      'Theo got the sibling discount in Spring Morning Session ($30.00 off) because Maya had a place in the program. With Maya withdrawn no brother’s or sister’s place earns it any more, so it comes off this refund.',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Withdraw Maya and refund $280.00' }),
    ).toBeInTheDocument();
    expect(calls.posted).toEqual([]);
  });

  it('a place that cannot be withdrawn any more says why, with no confirm button', async () => {
    serve(
      [
        jsonReply(409, {
          error: 'Conflict',
          message: 'Maya was already withdrawn from Winter Morning Session on Friday, December 19, 2098.',
          requestId: 'r',
        }),
      ],
      [],
    );
    const dialog = await openDialog();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Maya was already withdrawn');
    expect(within(dialog).queryByRole('button', { name: /^Withdraw Maya/ })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the session' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
