import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { BulkMoveDialog } from './bulk-move-dialog.tsx';
import { BulkWithdrawDialog } from './bulk-withdraw-dialog.tsx';
import { MessageFamiliesDialog } from './message-families-dialog.tsx';

/**
 * The bulk actions' dialogs (issue 24): "Message selected families" shows the announcements' preview and reach
 * counts and sends the chosen ids once with one idempotency key; "Move selected…" lists every child's
 * consequence before the one confirmation, and refuses to send when a child cannot go.
 */
const fetchMock = vi.fn<typeof fetch>();
const calls = () =>
  fetchMock.mock.calls.map(([input, init]) => ({
    method: init?.method ?? 'GET',
    url: String(input),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));

function serve(table: [string, () => Response][]) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const hit = table.find(([prefix]) => key.startsWith(prefix));
    return hit ? hit[1]() : jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
}

function tokenAs(role: 'Staff' | 'Admin'): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: '1', email: 'd@center.example', given_name: 'Dana', role, exp };
  return `header.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setToken(tokenAs('Admin'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const withClient = (page: ReactElement) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderPage(<QueryClientProvider client={client}>{page}</QueryClientProvider>, { path: '/' });
};

const LILY = 'a0a0a0a0-0000-4000-8000-000000000001';
const MATEO = 'a0a0a0a0-0000-4000-8000-000000000002';

describe('message selected families', () => {
  it('shows the reach and the preview as announcements do, and sends the chosen ids with one key', async () => {
    const onSent = vi.fn();
    serve([
      [
        'POST /api/staff/families/message/reach',
        () =>
          jsonReply(200, {
            families: 2,
            email: { families: 2, contacts: 1 },
            sms: { families: 1, contacts: 0 },
          }),
      ],
      [
        'POST /api/staff/families/message',
        () =>
          jsonReply(200, {
            families: 2,
            emailCount: 3,
            smsCount: 1,
            replayed: false,
            message: 'Sent to 2 families: 3 emails and 1 text message on their way.',
          }),
      ],
    ]);
    withClient(
      <MessageFamiliesDialog
        target={{ familyIds: [], childIds: [LILY, MATEO], label: '2 children’s families' }}
        onClose={() => {}}
        onSent={onSent}
      />,
    );
    expect(
      await screen.findByText(
        'Reaches 2 families: email to 2 families and 1 emergency contact; text messages to 1 family and 0 emergency contacts.',
      ),
    ).toBeInTheDocument();
    // Nothing typed: the form says what is missing by its fields, and nothing is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 families' }));
    expect(
      await screen.findByText('Give the message a subject of at least 3 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Write an email, a text message, or both.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Subject/ })).toHaveFocus();
    expect(calls().filter((c) => c.url === '/api/staff/families/message')).toEqual([]);

    fireEvent.change(screen.getByRole('textbox', { name: /Subject/ }), { target: { value: 'Picture day' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'Smiles on Friday!' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Text message' }), {
      target: { value: 'Picture day Friday' },
    });
    expect(screen.getByRole('figure', { name: 'Email preview' })).toHaveTextContent(
      'Subject: Picture daySmiles on Friday! — The Bright Oak Learning Center team',
    );
    expect(screen.getByRole('figure', { name: 'Text message preview' })).toHaveTextContent(
      'Bright Oak: Picture day Friday',
    );
    expect(screen.getByText('30 characters with “Bright Oak:” · 1 text part')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send to 2 families' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    const [sent] = calls().filter((c) => c.url === '/api/staff/families/message');
    expect(sent!.body).toMatchObject({
      familyIds: [],
      childIds: [LILY, MATEO],
      subject: 'Picture day',
      emailMessage: 'Smiles on Friday!',
      smsMessage: 'Picture day Friday',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/),
    });
  });
});

describe('move selected children', () => {
  const target = {
    classSessionId: 3,
    sessionName: 'Story Time',
    children: [
      { studentId: LILY, name: 'Lily Chen' },
      { studentId: MATEO, name: 'Mateo Rivera' },
    ],
  };
  const garden = { id: 9, name: 'Garden Club', sessionStartDate: '2026-12-15', rosterSize: 8, seatsTaken: 3 };

  it('lists each child’s price and balance before the one confirmation, then moves them together', async () => {
    const onMoved = vi.fn();
    serve([
      [
        'GET /api/staff/sessions/3/move-targets',
        () => jsonReply(200, [{ ...garden, price: 0, balanceAfter: 0 }]),
      ],
      [
        'POST /api/staff/sessions/3/bulk-move/preview',
        () =>
          jsonReply(200, {
            toSession: { id: 9, name: 'Garden Club', seatsLeft: 5 },
            children: [
              { studentId: LILY, name: 'Lily Chen', price: 55_000, balanceAfter: 0, problem: null },
              { studentId: MATEO, name: 'Mateo Rivera', price: 60_000, balanceAfter: -2_500, problem: null },
            ],
          }),
      ],
      [
        'POST /api/staff/sessions/3/bulk-move',
        () =>
          jsonReply(200, {
            moved: 2,
            message: 'Moved 2 children to Garden Club. Each family has been emailed.',
          }),
      ],
    ]);
    withClient(<BulkMoveDialog target={target} onClose={() => {}} onMoved={onMoved} />);
    fireEvent.click(screen.getByRole('textbox', { name: /Move to/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Garden Club (3 of 8 seats taken)' }));
    expect(
      await screen.findByText(
        'Lily Chen moves to Garden Club: the place costs $550.00; nothing more is owed and nothing is left over.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Mateo Rivera moves to Garden Club: the place costs $600.00; the family will have a credit of $25.00 on account.',
      ),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Afternoon group' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Move 2 children' }));
    await waitFor(() => expect(onMoved).toHaveBeenCalledOnce());
    expect(calls().find((c) => c.url === '/api/staff/sessions/3/bulk-move')!.body).toEqual({
      studentIds: [LILY, MATEO],
      toClassSessionId: 9,
      reason: 'Afternoon group',
    });
  });

  it('names a child who cannot go and offers no Move button', async () => {
    serve([
      [
        'GET /api/staff/sessions/3/move-targets',
        () => jsonReply(200, [{ ...garden, price: 0, balanceAfter: 0 }]),
      ],
      [
        'POST /api/staff/sessions/3/bulk-move/preview',
        () =>
          jsonReply(200, {
            toSession: { id: 9, name: 'Garden Club', seatsLeft: 1 },
            children: [
              { studentId: LILY, name: 'Lily Chen', price: 55_000, balanceAfter: 0, problem: null },
              {
                studentId: MATEO,
                name: 'Mateo Rivera',
                price: 55_000,
                balanceAfter: 0,
                problem:
                  'Garden Club has 1 seat left, taken by the children above, so Mateo cannot go there.',
              },
            ],
          }),
      ],
    ]);
    withClient(<BulkMoveDialog target={target} onClose={() => {}} onMoved={() => {}} />);
    fireEvent.click(screen.getByRole('textbox', { name: /Move to/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Garden Club (3 of 8 seats taken)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Mateo Rivera cannot move to Garden Club, so nobody will be moved.',
    );
    expect(screen.queryByRole('button', { name: /^Move \d/ })).toBeNull();
    expect(calls().some((c) => c.url === '/api/staff/sessions/3/bulk-move')).toBe(false);
  });
});

describe('withdraw selected children', () => {
  it('lists each child’s refund by the policy and the total before the one confirmation, then sends one key', async () => {
    const onWithdrawn = vi.fn();
    serve([
      [
        'POST /api/staff/sessions/3/bulk-withdraw/preview',
        () =>
          jsonReply(200, {
            children: [
              { studentId: LILY, name: 'Lily Chen', refund: 27_500, capped: false },
              { studentId: MATEO, name: 'Mateo Rivera', refund: 0, capped: false },
            ],
            total: 27_500,
          }),
      ],
      [
        'POST /api/staff/sessions/3/bulk-withdraw',
        () =>
          jsonReply(200, {
            children: [
              { studentId: LILY, refund: 27_500, refundFailed: false },
              { studentId: MATEO, refund: 0, refundFailed: false },
            ],
            message: 'Withdrew 2 children; $275.00 refunded by the policy. Each family has been emailed.',
          }),
      ],
    ]);
    withClient(
      <BulkWithdrawDialog
        target={{
          classSessionId: 3,
          sessionName: 'Story Time',
          children: [
            { studentId: LILY, name: 'Lily Chen' },
            { studentId: MATEO, name: 'Mateo Rivera' },
          ],
        }}
        onClose={() => {}}
        onWithdrawn={onWithdrawn}
      />,
    );
    expect(await screen.findByText('Lily Chen: $275.00 refunded.')).toBeInTheDocument();
    expect(screen.getByText('Mateo Rivera: no refund by the policy.')).toBeInTheDocument();
    expect(screen.getByText(/^In all: \$275\.00\./)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw 2 children' }));
    expect(await screen.findByText('Please say why the children are leaving.')).toBeInTheDocument();
    expect(calls().some((c) => c.url === '/api/staff/sessions/3/bulk-withdraw')).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Moving away' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw 2 children' }));
    await waitFor(() => expect(onWithdrawn).toHaveBeenCalledOnce());
    expect(calls().find((c) => c.url === '/api/staff/sessions/3/bulk-withdraw')!.body).toEqual({
      studentIds: [LILY, MATEO],
      reason: 'Moving away',
      idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,60}$/),
    });
  });
});
