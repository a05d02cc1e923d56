import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { RefundDialog } from './refund-dialog.tsx';

/**
 * The director's refund dialog (issue 10) on a failure: the amount checked here by its field with focus, the
 * server's field message by its field with focus, a refusal no field explains in the dialog's alert, each
 * new try with a new idempotency key; then the refund's toast and the dialog closed.
 */
const fetchMock = vi.fn<typeof fetch>();
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const target = { paymentId: 'p1', label: 'Ava Rivera, Story Time', refundable: 40_000 };

function renderDialog(onClose = () => {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderPage(
    <QueryClientProvider client={client}>
      <RefundDialog target={target} onClose={onClose} />
    </QueryClientProvider>,
    { path: '/' },
  );
  const dialog = screen.getByRole('dialog', { name: 'Refund a payment' });
  return {
    dialog,
    amount: within(dialog).getByRole('textbox', { name: /Amount to refund/ }),
    reason: within(dialog).getByRole('textbox', { name: /Reason/ }),
    send: () => fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' })),
  };
}

describe('refund dialog', () => {
  it('places each failure where it belongs and tries again with a new key', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonReply(400, {
          error: 'Bad Request',
          message: 'Check the reason.',
          fields: { reason: 'Please keep this under 500 characters.' },
          requestId: 'r',
        }),
      )
      .mockResolvedValueOnce(
        jsonReply(409, {
          error: 'Conflict',
          message: 'This payment was refunded meanwhile.',
          requestId: 'r',
        }),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        jsonReply(201, {
          id: 'r1',
          paymentId: 'p1',
          amount: 15_000,
          reason: 'Missed two weeks',
          status: 'Succeeded',
          created: '2026-11-20T16:00:00.000Z',
          paymentRefundedAmount: 15_000,
          paymentStatus: 'Paid',
        }),
      );
    const onClose = vi.fn();
    const { dialog, amount, reason, send } = renderDialog(onClose);
    expect(amount).toHaveValue('400.00');

    fireEvent.change(amount, { target: { value: '500' } });
    send();
    expect(await within(dialog).findByText('You can refund at most $400.00 of this payment.')).toBeVisible();
    expect(amount).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '150.00' } });
    fireEvent.change(reason, { target: { value: 'Missed two weeks' } });
    send();
    expect(await within(dialog).findByText('Please keep this under 500 characters.')).toBeVisible();
    await waitFor(() => expect(reason).toHaveFocus());
    expect(reason).toHaveAccessibleDescription(/Please keep this under 500 characters\./);

    send();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payment was refunded meanwhile.',
    );
    send();
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'That did not work. Please check your connection and try again.',
      ),
    );

    send();
    expect(await screen.findByText('Refunded $150.00. The family has been emailed.')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const keys = posted().map((body) => body.idempotencyKey);
    expect(posted()[0]).toMatchObject({ amount: 15_000, reason: 'Missed two weeks' });
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
  });
});
