/**
 * The director's money lists on the one staff table (issue 24, decision 030): the payments and the balances
 * ask the server for the order a header names and keep it in the address; the payments leave the email and
 * the method off the screen until the director chooses them, and "Clear filters" keeps the order; each list
 * says what to do when it has no row; the failed automatic payments are drawn on the same table.
 */
import type { AgingReport, FailedPaymentList, StaffPaymentList, StaffPaymentRow } from '@lc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { clearToken, setToken } from '../../lib/auth-token.ts';
import StaffBalancesPage from './staff-balances-page.tsx';
import StaffPaymentsPage from './staff-payments-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
/** The query of each call to `path`, in order. */
const asked = (path: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: 'd1', email: 'd@center.example', given_name: 'Dana', role: 'Admin', exp };
  setToken(`header.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const payment = (over: Partial<StaffPaymentRow>): StaffPaymentRow => ({
  id: 'p1',
  created: '2026-11-20T18:00:00.000Z',
  status: 'Paid',
  provider: 'offline',
  note: 'Check #1042',
  familyName: 'Marisol Quintero',
  emailAddress: 'marisol@families.example',
  classSessionId: 3,
  sessionName: 'Robin Room',
  children: ['Ana Quintero'],
  finalAmount: 40_000,
  refundedAmount: 15_000,
  refundable: 25_000,
  ...over,
});

function paymentsReply(items: StaffPaymentRow[]): StaffPaymentList {
  return {
    items,
    total: items.length,
    page: 1,
    pageSize: 25,
    totals: { paid: 40_000, refunded: 15_000, net: 25_000 },
  };
}

function servePayments(items: StaffPaymentRow[]) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/staff/payments') return jsonReply(200, paymentsReply(items));
    if (url.pathname === '/api/staff/sessions')
      return jsonReply(200, { items: [], total: 0, page: 1, pageSize: 100 });
    return jsonReply(404, { error: 'Not Found', message: 'No.', requestId: 'r' });
  });
}

describe('the payments page', () => {
  it('orders by the header clicked, keeps the order in the address, and Clear filters keeps it', async () => {
    servePayments([payment({}), payment({ id: 'p2', familyName: 'Sam Delgado', refundedAmount: 0 })]);
    const { router } = renderPage(<StaffPaymentsPage />, {
      path: '/staff/payments?status=Paid',
      pattern: '/staff/payments',
    });
    const region = await screen.findByRole('region', { name: 'Payments table' });
    expect(
      within(region)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Nov 20, 2026', 'Nov 20, 2026']);
    // Newest first until the director asks for another order.
    expect(within(region).getByRole('columnheader', { name: 'Date' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(asked('/api/staff/payments')[0]!.get('sort')).toBe('date');
    expect(asked('/api/staff/payments')[0]!.get('dir')).toBe('desc');

    fireEvent.click(within(region).getByRole('button', { name: 'Amount' }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('amount');
    expect(new URLSearchParams(router.state.location.search).get('dir')).toBe('desc');
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('Paid');
    await waitFor(() => expect(asked('/api/staff/payments').at(-1)!.get('sort')).toBe('amount'));
    expect(asked('/api/staff/payments').at(-1)!.get('dir')).toBe('desc');
    expect(asked('/api/staff/payments').at(-1)!.get('status')).toBe('Paid');
    fireEvent.click(within(region).getByRole('button', { name: 'Amount' }));
    expect(router.state.location.search).toBe('?status=Paid&sort=amount&dir=asc');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?sort=amount&dir=asc');
  });

  it('leaves the email and the method off the screen until the director chooses them, and remembers the choice', async () => {
    servePayments([payment({})]);
    renderPage(<StaffPaymentsPage />, { path: '/staff/payments' });
    const region = await screen.findByRole('region', { name: 'Payments table' });
    expect(within(region).getByText('marisol@families.example').closest('td')!.className).toMatch(
      /screenHidden/,
    );
    expect(within(region).getByText('Check #1042').className).not.toMatch(/screenHidden/);
    fireEvent.click(screen.getByRole('button', { name: 'Columns (8 of 10)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Email' }));
    expect(screen.getByRole('button', { name: 'Columns (9 of 10)' })).toBeInTheDocument();
    expect(within(region).getByText('marisol@families.example').closest('td')!.className).not.toMatch(
      /screenHidden/,
    );
    expect(Object.keys(localStorage)).toContain('lc.staff.payments-hidden-columns.d1');
  });

  it('says what to do when no payment matches the filters', async () => {
    servePayments([]);
    renderPage(<StaffPaymentsPage />, {
      path: '/staff/payments?status=Failed&sort=family&dir=asc',
      pattern: '/staff/payments',
    });
    expect(
      await screen.findByText(
        'No payments match these filters. Widen the dates, choose another status or session, or clear the filters.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Columns/ })).toBeNull();
  });
});

const aging = (rows: AgingReport['rows']): AgingReport => ({
  asOf: '2027-01-24',
  rows,
  totals: {
    current: rows.reduce((n, r) => n + r.current, 0),
    days1to30: 0,
    days31to60: 0,
    over60: rows.reduce((n, r) => n + r.over60, 0),
    total: rows.reduce((n, r) => n + r.total, 0),
  },
  total: rows.length,
  page: 1,
  pageSize: 50,
});

const failed: FailedPaymentList = {
  items: [
    {
      id: 'f1',
      dueOn: '2027-01-04',
      amount: 30_000,
      sessionName: 'Fall Morning Session',
      childName: 'Maya',
      attempt: 4,
      status: 'failed',
      failureCode: 'insufficient_funds',
      nextTryOn: null,
      retried: false,
      method: { kind: 'card', label: 'visa', last4: '9995' },
      created: '2027-01-04T15:00:00.000Z',
      familyName: 'Jordan Avery',
      payerUserId: 'u9',
      owing: 30_000,
    },
  ],
  total: 30_000,
};

function serveBalances(rows: AgingReport['rows'], failures: FailedPaymentList) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/staff/balances') return jsonReply(200, aging(rows));
    if (url.pathname === '/api/staff/failed-payments') return jsonReply(200, failures);
    if (url.pathname === '/api/staff/revenue')
      return jsonReply(200, {
        year: 2027,
        years: [2027],
        months: [],
        totals: { charged: 0, received: 0, refunded: 0 },
        opening: 0,
        closing: 0,
      });
    return jsonReply(404, { error: 'Not Found', message: 'No.', requestId: 'r' });
  });
}

describe('the balances page', () => {
  it('shows the totals over every family, orders by the header clicked and keeps the order in the address', async () => {
    serveBalances(
      [
        {
          userId: 'u1',
          familyName: 'Oldest Family',
          emailAddress: 'oldest@families.example',
          children: ['Ava Oldest'],
          current: 0,
          days1to30: 0,
          days31to60: 0,
          over60: 35_500,
          total: 35_500,
        },
        {
          userId: 'u2',
          familyName: 'Newest Family',
          emailAddress: null,
          children: ['Ben Newest'],
          current: 30_000,
          days1to30: 0,
          days31to60: 0,
          over60: 0,
          total: 30_000,
        },
      ],
      failed,
    );
    const { router } = renderPage(<StaffBalancesPage />, {
      path: '/staff/balances?page=2',
      pattern: '/staff/balances',
    });
    const region = await screen.findByRole('region', { name: 'Balances due' });
    expect(within(region).getByRole('row', { name: /Oldest Family/ })).toHaveTextContent(
      'Oldest Familyoldest@families.exampleAva Oldest$0.00$0.00$0.00$355.00$355.00',
    );
    expect(within(region).getByRole('link', { name: 'Newest Family' })).toHaveAttribute(
      'href',
      '/staff/families/u2',
    );
    expect(within(screen.getByLabelText('Totals')).getByText('$655.00')).toBeInTheDocument();
    expect(within(region).getByRole('columnheader', { name: 'Total due' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    fireEvent.click(within(region).getByRole('button', { name: 'Family' }));
    expect(router.state.location.search).toBe('?sort=family&dir=asc');
    await waitFor(() => expect(asked('/api/staff/balances').at(-1)!.get('sort')).toBe('family'));
    expect(asked('/api/staff/balances').at(-1)!.get('dir')).toBe('asc');
    fireEvent.click(within(region).getByRole('button', { name: 'Over 60 days' }));
    expect(router.state.location.search).toBe('?sort=over60&dir=desc');

    // The failed automatic payments: the family is the row's header, a link to its page.
    const failures = await screen.findByRole('region', {
      name: 'Instalments whose automatic payment failed',
    });
    const row = within(failures).getByRole('row', { name: /Jordan Avery/ });
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Jordan Avery');
    expect(row).toHaveTextContent('Jan 4, 2027: Maya, Fall Morning Session$300.004 of 4 · Visa ending 9995');
    expect(row).toHaveTextContent('Insufficient fundsNo more tries: the family was told');
  });

  it('says what to do when no family owes anything and no automatic payment failed', async () => {
    serveBalances([], { items: [], total: 0 });
    renderPage(<StaffBalancesPage />, { path: '/staff/balances' });
    expect(await screen.findByText(/^No family owes anything right now\./)).toHaveAttribute('role', 'status');
    expect(screen.queryByLabelText('Totals')).toBeNull();
    expect(
      await screen.findByText('No automatic payment has failed: every instalment on autopay went through.'),
    ).toHaveAttribute('role', 'status');
  });
});
