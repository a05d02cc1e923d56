import type { StaffEnrollment, WithdrawPreview } from '@lc/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import StaffSessionsPage from '../../pages/staff/staff-sessions-page.tsx';
import { SendNowSummary } from '../staff-announcements/send-now-dialog.tsx';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { AdjustDialog } from './adjust-dialog.tsx';
import { EnrollByHandDialog } from './enroll-by-hand-dialog.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { RecordPaymentDialog } from './record-payment-dialog.tsx';
import { WithdrawDialog } from './withdraw-dialog.tsx';

/**
 * Issue 21 items 11, 14 and 17 in the director's dialogs and lists (decision 018): the withdraw dialog starts
 * at the policy's refund, keeps the internal note out of the email and shows the exact email before sending;
 * the move dialog lists only the sessions the server says the child can move to; enrolling by hand a child
 * outside the ages shows the families' sentence and enrolls anyway only with a reason; a hidden session has a
 * badge; "Send now" says how many emails and texts go out.
 */
const fetchMock = vi.fn<typeof fetch>();
type Call = { method: string; url: string; body: unknown };
const calls = (): Call[] =>
  fetchMock.mock.calls.map(([input, init]) => ({
    method: init?.method ?? 'GET',
    url: String(input),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));

/** Answer each request by the first entry whose "METHOD /path" prefix matches. */
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

const ava: StaffEnrollment = {
  enrollmentId: 'e1',
  studentId: 'a0a0a0a0-0000-4000-8000-000000000001',
  firstName: 'Ava',
  lastName: 'Rivera',
  paymentId: 'p1',
  provider: 'test',
  paymentStatus: 'Paid',
  finalAmount: 55_000,
  refundedAmount: 0,
  refundable: 55_000,
  account: {
    charged: 55_000,
    paid: 55_000,
    refunded: 0,
    balance: 0,
    status: 'paid',
    dueOn: null,
    nextAmount: 0,
    overdue: 0,
  },
};
const target = { classSessionId: 3, sessionName: 'Story Time', child: ava };

const preview = (text: string, quote: object = {}): WithdrawPreview =>
  ({
    quote: {
      child: { id: ava.studentId, firstName: 'Ava', fullName: 'Ava Rivera' },
      refund: 27_500,
      policyTotal: 27_500,
      capped: false,
      siblingDiscounts: [],
      siblingDiscountKept: 0,
      ...quote,
    },
    mails: [{ to: 'jordan@families.example', subject: 'Ava has been withdrawn from Story Time', text }],
  }) as unknown as WithdrawPreview;

describe('withdraw dialog', () => {
  it('starts at the policy refund, shows the server’s email, and sends the note apart from the message', async () => {
    serve([
      [
        'POST /api/staff/sessions/3/withdraw/preview',
        () => jsonReply(200, preview('Hi Jordan,\n\nWe will miss Ava.')),
      ],
      ['POST /api/staff/sessions/3/withdraw', () => jsonReply(200, { offered: 0, refundId: 'r1' })],
    ]);
    withClient(<WithdrawDialog target={target} onClose={() => {}} />);
    const refund = await screen.findByLabelText(/Refund \(dollars\)/);
    expect(refund).toHaveValue('275.00');
    expect(screen.getByText(/refund policy gives \$275\.00 today/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Internal note/), { target: { value: 'Moving to Fresno' } });
    fireEvent.change(screen.getByLabelText(/Message to the family/), {
      target: { value: 'We will miss Ava.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review the email' }));

    const email = await screen.findByRole('region', { name: 'Email to jordan@families.example' });
    expect(within(email).getByText(/We will miss Ava\./)).toBeInTheDocument();
    expect(calls().at(-1)).toMatchObject({
      url: '/api/staff/sessions/3/withdraw/preview',
      body: { studentId: ava.studentId, familyMessage: 'We will miss Ava.' },
    });
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/withdraw'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw and send' }));
    await waitFor(() => expect(calls().at(-1)?.url).toBe('/api/staff/sessions/3/withdraw'));
    expect(calls().filter((c) => c.url.endsWith('/withdraw/preview'))).toHaveLength(2);
    expect(calls().at(-1)?.body).toMatchObject({
      studentId: ava.studentId,
      reason: 'Moving to Fresno',
      familyMessage: 'We will miss Ava.',
      refundAmount: 27_500,
    });
  }, 20_000);

  it('goes back to the form with the server’s sentence when the withdrawal is refused', async () => {
    const refusal = 'Ava is no longer enrolled in Story Time.';
    serve([
      ['POST /api/staff/sessions/3/withdraw/preview', () => jsonReply(200, preview('Hi Jordan,'))],
      [
        'POST /api/staff/sessions/3/withdraw',
        () => jsonReply(409, { error: 'Conflict', message: refusal, requestId: 'r' }),
      ],
    ]);
    withClient(<WithdrawDialog target={target} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText(/Internal note/), { target: { value: 'Moving' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review the email' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw and send' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw a child' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(dialog).getByRole('button', { name: 'Review the email' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Internal note/)).toHaveValue('Moving');
  }, 20_000);

  it('explains a sibling discount that ends with the place, as the parent’s dialog does (decision 019)', async () => {
    // The policy gives back $550.00; Ben's $50.00 Spring discount, earned by Ava's place, comes off it.
    serve([
      [
        'POST /api/staff/sessions/3/withdraw/preview',
        () =>
          jsonReply(
            200,
            preview('Hi Jordan,', {
              refund: 50_000,
              policyTotal: 55_000,
              siblingDiscountKept: 5_000,
              siblingDiscounts: [
                { firstNames: ['Ben'], sessionName: 'Spring Morning Session', discount: 5_000 },
              ],
            }),
          ),
      ],
    ]);
    withClient(<WithdrawDialog target={target} onClose={() => {}} />);
    expect(await screen.findByLabelText(/Refund \(dollars\)/)).toHaveValue('500.00');
    const table = screen.getByRole('table', { name: 'The policy’s refund' });
    const row = (label: RegExp) => within(table).getByRole('rowheader', { name: label }).closest('tr')!;
    expect(row(/By the session’s refund policy today/)).toHaveTextContent('$550.00');
    expect(row(/^Less the sibling discount that ends with Ava’s place$/)).toHaveTextContent('−$50.00');
    expect(row(/^Refund$/)).toHaveTextContent('$500.00');
    expect(
      screen.getByText(
        'Ben got the sibling discount in Spring Morning Session ($50.00 off) because Ava had a place in the program. With Ava withdrawn no brother’s or sister’s place earns it any more, so it comes off this refund.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/refund policy gives \$500\.00 today, after the sibling discount above/),
    ).toBeInTheDocument();
  }, 20_000);

  it('says the family is not charged the part of the discount the refund cannot cover', async () => {
    serve([
      [
        'POST /api/staff/sessions/3/withdraw/preview',
        () =>
          jsonReply(
            200,
            preview('Hi Jordan,', {
              refund: 0,
              policyTotal: 2_500,
              siblingDiscountKept: 2_500,
              siblingDiscounts: [{ firstNames: ['Ben', 'Cleo'], sessionName: 'Spring', discount: 5_000 }],
            }),
          ),
      ],
    ]);
    withClient(<WithdrawDialog target={target} onClose={() => {}} />);
    expect(await screen.findByLabelText(/Refund \(dollars\)/)).toHaveValue('0.00');
    expect(
      screen.getByText(
        /^Ben and Cleo got the sibling discount in Spring \(\$50\.00 off\).*comes off this refund: \$25\.00, all of the refund\. The family is not charged the rest\.$/,
      ),
    ).toBeInTheDocument();
  }, 20_000);
});

describe('move dialog', () => {
  it('offers only the sessions the server lists for this child', async () => {
    serve([
      [
        `GET /api/staff/sessions/3/move-targets?studentId=${ava.studentId}`,
        () =>
          jsonReply(200, [
            {
              id: 9,
              name: 'Garden Club',
              sessionStartDate: '2026-12-15',
              rosterSize: 8,
              seatsTaken: 3,
              price: 194_500,
              balanceAfter: 61_000,
            },
          ]),
      ],
    ]);
    withClient(<MoveDialog target={target} onClose={() => {}} />);
    await waitFor(() =>
      expect(calls().map((c) => c.url)).toContain(
        `/api/staff/sessions/3/move-targets?studentId=${ava.studentId}`,
      ),
    );
    fireEvent.click(screen.getByRole('textbox', { name: /Move to/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Garden Club (3 of 8 seats taken)']);
    // The dialog no longer reads the whole sessions list (which had hidden sessions and the child's own).
    expect(calls().some((c) => c.url.startsWith('/api/staff/sessions?'))).toBe(false);
    // Choosing it says what the family will owe there before the director confirms (issue 23).
    fireEvent.click(options[0]!);
    expect(
      await screen.findByText(
        'Ava’s place in Garden Club costs $1,945.00. The family will owe $610.00 more.',
      ),
    ).toBeInTheDocument();
  });
});

describe('charge or credit (issue 23)', () => {
  it('puts the server’s limit by the amount, with focus, and posts cents, the kind and the reason', async () => {
    let posts = 0;
    serve([
      [
        `POST /api/staff/sessions/3/enrollments/${ava.studentId}/adjustments`,
        () =>
          ++posts === 1
            ? jsonReply(400, {
                error: 'Bad Request',
                message: 'This place was charged $550.00, so that is the most that can be credited.',
                fields: {
                  amount: 'This place was charged $550.00, so that is the most that can be credited.',
                },
                requestId: 'r',
              })
            : jsonReply(201, {
                place: {
                  ...ava.account,
                  classSessionId: 3,
                  sessionName: 'Story Time',
                  studentId: ava.studentId,
                  childName: 'Ava Rivera',
                  charged: 52_500,
                  balance: -2_500,
                  status: 'credit',
                },
              }),
      ],
    ]);
    const closed = vi.fn();
    withClient(<AdjustDialog target={target} onClose={closed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Charge or credit' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /What to post/ }), {
      target: { value: 'credit' },
    });
    const amount = within(dialog).getByRole('textbox', { name: /Amount/ });
    fireEvent.change(amount, { target: { value: '600' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Missed two weeks with a broken arm' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(
      await within(dialog).findByText(
        'This place was charged $550.00, so that is the most that can be credited.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(amount).toHaveFocus());
    fireEvent.change(amount, { target: { value: '25' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    const [first, second] = calls().filter((c) => c.method === 'POST');
    expect(second!.body).toEqual({
      kind: 'credit',
      amount: 2_500,
      reason: 'Missed two weeks with a broken arm',
      idempotencyKey: expect.any(String),
    });
    // A refused post may be tried again as a new one.
    expect((second!.body as { idempotencyKey: string }).idempotencyKey).not.toBe(
      (first!.body as { idempotencyKey: string }).idempotencyKey,
    );
  });
});

describe('record a payment (issue 23)', () => {
  const owing: StaffEnrollment = {
    ...ava,
    account: {
      charged: 45_500,
      paid: 10_000,
      refunded: 0,
      balance: 35_500,
      status: 'partlyPaid',
      dueOn: '2026-12-15',
      nextAmount: 35_500,
      overdue: 0,
    },
  };

  it('starts at the balance due, refuses more, and sends cents with the method, reference and one key', async () => {
    serve([
      [
        `POST /api/staff/sessions/3/enrollments/${ava.studentId}/payments`,
        () =>
          jsonReply(201, {
            paymentId: 'p2',
            place: {
              ...owing.account,
              classSessionId: 3,
              sessionName: 'Story Time',
              studentId: ava.studentId,
              childName: 'Ava Rivera',
              paid: 45_500,
              balance: 0,
              status: 'paid',
            },
          }),
      ],
    ]);
    const closed = vi.fn();
    withClient(<RecordPaymentDialog target={{ ...target, child: owing }} onClose={closed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    expect(dialog).toHaveTextContent('Ava Rivera in Story Time: Partly paid: $355.00 due Dec 15, 2026.');
    const amount = within(dialog).getByRole('textbox', { name: /Amount received/ });
    expect(amount).toHaveValue('355.00');
    fireEvent.change(amount, { target: { value: '400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText('At most $355.00 is due on this place. Enter that or less.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(amount).toHaveFocus());
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(amount, { target: { value: '355' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Paid by/ }), {
      target: { value: 'cash' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reference/ }), {
      target: { value: 'Cash at the front desk' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(closed).toHaveBeenCalled());
    const [post] = calls().filter((c) => c.method === 'POST');
    expect(post!.body).toEqual({
      amount: 35_500,
      method: 'cash',
      reference: 'Cash at the front desk',
      idempotencyKey: expect.any(String),
    });
  });
});

describe('enroll by hand', () => {
  it('shows the age sentence and enrolls anyway only with a reason', async () => {
    const sentence =
      'Little Explorers is for ages 4–6 on December 15, and Omar will be 7 years 7 months then.';
    let posts = 0;
    serve([
      [
        'GET /api/staff/children?q=Om',
        () =>
          jsonReply(200, [
            {
              studentId: 'b0b0b0b0-0000-4000-8000-000000000002',
              firstName: 'Omar',
              lastName: 'Agefam',
              dateOfBirth: '2019-05-01',
              parents: [{ name: 'Sam Agefam', emailAddress: 'sam@families.example' }],
            },
          ]),
      ],
      [
        'POST /api/staff/sessions/5/enrollments',
        () =>
          ++posts === 1
            ? jsonReply(409, {
                error: 'Conflict',
                message: sentence,
                fields: { ageOverrideReason: sentence },
                requestId: 'r',
              })
            : jsonReply(201, { enrollmentId: 'e9', paymentId: 'p9' }),
      ],
    ]);
    withClient(<EnrollByHandDialog session={{ id: 5, name: 'Little Explorers' }} onClose={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Child/ }), { target: { value: 'Om' } });
    fireEvent.click(await screen.findByRole('option', { name: /Omar Agefam/ }));
    fireEvent.change(screen.getByLabelText(/Amount received/), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText(/^Note/), { target: { value: 'Check #1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enroll' }));

    expect(await screen.findByText(sentence)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Enroll anyway' }));
    fireEvent.click(screen.getByRole('button', { name: 'Enroll anyway' }));
    expect(
      await screen.findByText('Say why the child may join outside the session’s ages.'),
    ).toBeInTheDocument();
    expect(posts).toBe(1);

    fireEvent.change(screen.getByLabelText(/Why this child may join/), {
      target: { value: 'Assessed by the lead teacher' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Enroll anyway' }));
    await waitFor(() => expect(posts).toBe(2));
    const posted = calls().filter((c) => c.method === 'POST');
    expect(posted.at(-1)?.body).toMatchObject({ ageOverrideReason: 'Assessed by the lead teacher' });
    expect(posted[0]?.body).not.toHaveProperty('ageOverrideReason');
  });
});

describe('staff lists', () => {
  it('marks a hidden session with a Hidden badge, and only it', async () => {
    const row = (id: number, name: string, isActive: boolean) => ({
      id,
      name,
      programName: null,
      sessionStartDate: '2026-12-15',
      sessionEndDate: '2027-03-15',
      daySchedule: 'Mondays',
      isActive,
      rosterSize: 8,
      seatsTaken: 0,
      enrolledCount: 0,
      waitlistCount: 0,
      revenue: 0,
      teachers: [],
    });
    serve([
      [
        'GET /api/staff/sessions',
        () =>
          jsonReply(200, {
            items: [row(1, 'Public Room', true), row(2, 'Private Room', false)],
            total: 2,
            page: 1,
            pageSize: 25,
          }),
      ],
    ]);
    withClient(<StaffSessionsPage />);
    const hiddenRow = (await screen.findByRole('link', { name: 'Private Room' })).closest('tr')!;
    expect(within(hiddenRow).getByText('Hidden')).toBeInTheDocument();
    const publicRow = screen.getByRole('link', { name: 'Public Room' }).closest('tr')!;
    expect(within(publicRow).queryByText('Hidden')).toBeNull();
  });

  it('asks before "Send now", with the number of emails and texts', async () => {
    const onSend = vi.fn();
    renderPage(
      <SendNowSummary
        email
        sms
        reach={{ families: 12, email: { families: 12, contacts: 3 }, sms: { families: 9, contacts: 2 } }}
        sending={false}
        onSend={onSend}
        onBack={() => {}}
      />,
      { path: '/' },
    );
    expect(
      screen.getByText(/This sends 15 emails and 11 text messages right away, to 12 families/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send 15 emails and 11 text messages' }));
    expect(onSend).toHaveBeenCalledOnce();
  });
});
