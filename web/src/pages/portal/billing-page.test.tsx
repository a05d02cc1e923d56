import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  enrollment,
  payment,
  serveApi,
  sessionSummary,
  THEO,
} from '../../features/portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import BillingPage from './billing-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const SCIENCE = sessionSummary({ id: 5, name: 'Little Scientists' });
const thisYear = new Date().getFullYear();

function renderBilling() {
  return renderPage(<BillingPage />, { path: '/dashboard/billing' });
}

describe('billing', () => {
  it('lists each payment with its children, amount, status and receipt, and the total paid this year', async () => {
    serveApi(fetchMock, {
      'GET /api/Billing': () =>
        jsonReply(200, [
          payment({
            id: 'pending',
            status: 'Pending',
            classSession: SCIENCE,
            finalAmount: 45_500,
            originalAmount: 45_500,
            checkoutUrl: 'https://checkout.example/c/123',
            holdExpiresAt: '2999-01-01T00:00:00Z',
            enrollments: [enrollment({ classSession: SCIENCE, status: 'PendingPayment' })],
          }),
          payment({
            id: 'paid',
            finalAmount: 175_000,
            originalAmount: 194_500,
            receiptUrl: 'https://receipts.example/r/1',
            enrollments: [enrollment({ id: 'e1' }), enrollment({ id: 'e2', student: THEO })],
          }),
          payment({ id: 'expired', status: 'Expired', finalAmount: 9_900 }),
          payment({ id: 'due', status: 'RefundDue', finalAmount: 8_800 }),
          payment({ id: 'old', finalAmount: 50_000, created: '2020-05-01T18:00:00Z' }),
        ]),
    });
    renderBilling();

    expect(await screen.findByText(`Total paid in ${thisYear}:`, { exact: false })).toHaveTextContent(
      `Total paid in ${thisYear}: $1,750.00 (1 payment)`,
    );
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);

    const [pending, paid, expired, due] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(pending).toHaveTextContent('Little Scientists');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('awaiting payment');
    expect(within(pending).getByRole('link', { name: /^Finish paying/ })).toHaveAttribute(
      'href',
      'https://checkout.example/c/123',
    );

    expect(paid).toHaveTextContent('Maya and Theo');
    expect(paid).toHaveTextContent('$1,750.00');
    // The price before the discount is struck through, and named for screen readers.
    const original = paid.querySelector('s') as HTMLElement;
    expect(original).toHaveTextContent('originally $1,945.00');
    const receipt = within(paid).getByRole('link', { name: /^Receipt/ });
    expect(receipt).toHaveAttribute('href', 'https://receipts.example/r/1');
    expect(receipt).toHaveAttribute('target', '_blank');
    expect(receipt.getAttribute('rel')).toContain('noopener');

    expect(expired).toHaveTextContent('checkout ended — not charged');
    expect(within(expired).queryByRole('link')).toBeNull();
    expect(due).toHaveTextContent('Refund due');
    expect(due).toHaveTextContent('refund on its way');
  });

  it('says when there are no payments yet', async () => {
    serveApi(fetchMock, { 'GET /api/Billing': () => jsonReply(200, []) });
    renderBilling();
    expect(await screen.findByRole('heading', { level: 2, name: 'No payments yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse sessions' })).toHaveAttribute('href', '/sessions');
  });
  it('says who paid each payment when two parents share the family', async () => {
    serveApi(fetchMock, {
      'GET /api/Billing': () =>
        jsonReply(200, [
          payment({ id: 'a', classSession: SCIENCE, paidBy: 'Imani Okonkwo' }),
          payment({ id: 'b', classSession: SCIENCE, paidBy: 'Chidi Okonkwo' }),
        ]),
    });
    renderBilling();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Paid by' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Imani Okonkwo');
    expect(rows[2]).toHaveTextContent('Chidi Okonkwo');
  });

  it('leaves the Paid by column out when one parent paid everything', async () => {
    serveApi(fetchMock, {
      'GET /api/Billing': () => jsonReply(200, [payment({ id: 'a', classSession: SCIENCE })]),
    });
    renderBilling();
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('columnheader', { name: 'Paid by' })).toBeNull();
  });
});

describe('billing in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the payments, their states, amounts, dates and the year’s total in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveApi(fetchMock, {
      'GET /api/Billing': () =>
        jsonReply(200, [
          payment({
            id: 'pending',
            status: 'Pending',
            classSession: SCIENCE,
            finalAmount: 45_500,
            originalAmount: 45_500,
            checkoutUrl: 'https://checkout.example/c/123',
            holdExpiresAt: '2999-01-01T00:00:00Z',
            enrollments: [enrollment({ classSession: SCIENCE, status: 'PendingPayment' })],
          }),
          payment({
            id: 'paid',
            finalAmount: 175_000,
            originalAmount: 194_500,
            receiptUrl: 'https://receipts.example/r/1',
            enrollments: [enrollment({ id: 'e1' }), enrollment({ id: 'e2', student: THEO })],
          }),
          payment({ id: 'paid2', finalAmount: 1_000 }),
          payment({
            id: 'refunded',
            status: 'Refunded',
            finalAmount: 55_000,
            refundedAmount: 15_000,
            refundedAt: '2026-11-20T18:00:00Z',
            created: '2026-05-01T18:00:00Z',
          }),
        ]),
    });
    renderBilling();

    expect(screen.getByRole('heading', { level: 1, name: 'Pagos' })).toBeInTheDocument();
    expect(await screen.findByText(`Total pagado en ${thisYear}:`, { exact: false })).toHaveTextContent(
      `Total pagado en ${thisYear}: $1,760.00 (2 pagos)`,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Fecha', 'Sesión', 'Niños', 'Monto', 'Estado', 'Recibo']);
    const [pending, paid, , refunded] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(pending).toHaveTextContent('Pendiente');
    expect(pending).toHaveTextContent('en espera del pago — lugares reservados hasta el');
    expect(within(pending).getByRole('link', { name: /^Terminar de pagar/ })).toHaveAttribute(
      'href',
      'https://checkout.example/c/123',
    );
    expect(paid).toHaveTextContent('Maya y Theo');
    expect(paid).toHaveTextContent('Pagado');
    expect(paid.querySelector('s')).toHaveTextContent('antes $1,945.00');
    expect(within(paid).getByRole('link', { name: /^Recibo/ })).toBeInTheDocument();
    expect(refunded).toHaveTextContent('1 may 2026');
    expect(refunded).toHaveTextContent('Reembolsado');
    expect(within(refunded).getByText('Reembolso de $150.00 el 20 nov 2026')).toBeInTheDocument();

    for (const english of ['Billing', 'Pending', 'Paid', 'Date', 'Amount'])
      expect(screen.queryByText(english)).toBeNull();
    expect(screen.queryByText(/Total paid/)).toBeNull();
  });

  it('says there are no payments yet, in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveApi(fetchMock, { 'GET /api/Billing': () => jsonReply(200, []) });
    renderBilling();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Todavía no hay pagos' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver sesiones' })).toHaveAttribute('href', '/sessions');
    expect(screen.queryByText('No payments yet')).toBeNull();
  });

  describe('the family account (issue 23)', () => {
    const account = {
      balance: 35_500,
      status: 'partlyPaid',
      nextDue: { amount: 35_500, dueOn: '2999-12-15', sessionName: 'Winter Session' },
      overdue: 0,
      places: [
        {
          classSessionId: 7,
          sessionName: 'Winter Session',
          studentId: 's1',
          childName: 'Maya Avery',
          charged: 45_500,
          paid: 10_000,
          refunded: 0,
          balance: 35_500,
          status: 'partlyPaid',
          dueOn: '2999-12-15',
          nextAmount: 35_500,
          overdue: 0,
          schedule: [{ dueOn: '2999-12-15', amount: 45_500, owing: 35_500 }],
        },
      ],
      entries: [
        {
          id: 'l1',
          created: '2026-11-02T18:00:00Z',
          kind: 'charge',
          amount: 45_500,
          sessionName: 'Winter Session',
          childName: 'Maya Avery',
          method: null,
          reference: null,
          payerName: 'Jordan Avery',
          dueOn: '2999-12-15',
          balanceAfter: 45_500,
        },
        {
          id: 'l2',
          created: '2026-11-02T18:00:00Z',
          kind: 'payment',
          amount: -10_000,
          sessionName: 'Winter Session',
          childName: 'Maya Avery',
          method: 'check',
          reference: 'Check #1042',
          payerName: 'Jordan Avery',
          dueOn: null,
          balanceAfter: 35_500,
        },
      ],
    };

    it('shows the balance due, when it is due, each place and the statement with its running balance', async () => {
      serveApi(fetchMock, {
        'GET /api/Billing': () => jsonReply(200, []),
        'GET /api/Billing/Account': () => jsonReply(200, account),
      });
      renderBilling();
      const summary = await screen.findByRole('region', { name: 'Your account' });
      expect(summary).toHaveTextContent('Balance due: $355.00');
      expect(summary).toHaveTextContent('Partly paid');
      expect(summary).toHaveTextContent('Next due: $355.00 for Winter Session by Dec 15, 2999.');
      const places = screen.getByRole('table', { name: 'Each child’s sessions' });
      expect(within(places).getAllByRole('row')[1]).toHaveTextContent(
        'Maya AveryWinter Session$455.00$100.00Partly paid · $355.00',
      );
      const statement = screen.getByRole('table', {
        name: 'Every charge, payment and refund, oldest first, with the balance after each',
      });
      const [, charge, paid] = within(statement).getAllByRole('row');
      expect(charge).toHaveTextContent('Charge');
      expect(charge).toHaveTextContent('$455.00$455.00');
      expect(paid).toHaveTextContent('Payment by check (Check #1042)');
      expect(paid).toHaveTextContent('−$100.00$355.00');
    });

    it('pays now: the amount is checked by its field, then the browser goes to the checkout', async () => {
      const assign = vi.fn();
      vi.stubGlobal('location', { ...window.location, assign });
      const posted: unknown[] = [];
      fetchMock.mockImplementation(async (input, init) => {
        const key = `${init?.method ?? 'GET'} ${String(input)}`;
        if (key === 'GET /api/Billing') return jsonReply(200, []);
        if (key === 'GET /api/Billing/Account') return jsonReply(200, account);
        if (key === 'POST /api/Billing/Pay') {
          posted.push(JSON.parse(String(init!.body)));
          return jsonReply(201, { paymentId: 'p9', checkoutUrl: 'http://localhost/test-checkout/test_cs_9' });
        }
        return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
      });
      renderBilling();
      const summary = await screen.findByRole('region', { name: 'Your account' });
      const amount = within(summary).getByRole('textbox', { name: /Amount to pay/ });
      expect(amount).toHaveValue('355.00');
      fireEvent.change(amount, { target: { value: '400' } });
      fireEvent.click(within(summary).getByRole('button', { name: 'Pay now' }));
      expect(
        await within(summary).findByText('Your balance is $355.00. Enter that or less.'),
      ).toBeInTheDocument();
      await waitFor(() => expect(amount).toHaveFocus());
      expect(posted).toEqual([]);
      fireEvent.change(amount, { target: { value: '100' } });
      fireEvent.click(within(summary).getByRole('button', { name: 'Pay now' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/test-checkout/test_cs_9'));
      expect(posted).toEqual([{ amount: 10_000 }]);
    });

    it('back from the checkout, it settles the payment and says it was received', async () => {
      serveApi(fetchMock, {
        'GET /api/Billing': () => jsonReply(200, []),
        'GET /api/Billing/Account': () => jsonReply(200, { ...account, balance: 25_500 }),
        'GET /api/ClassSessionEnrollment/Confirmation/test_cs_9': () =>
          jsonReply(200, payment({ id: 'p9', finalAmount: 10_000, classSession: null, enrollments: [] })),
      });
      renderPage(<BillingPage />, {
        path: '/dashboard/billing?paid=test_cs_9',
        pattern: '/dashboard/billing',
      });
      expect(await screen.findByText('Thank you. We received your payment of $100.00.')).toBeInTheDocument();
    });

    it('shows a payment plan’s schedule: paid, late and still to come, in English and Spanish', async () => {
      const planned = {
        ...account.places[0],
        charged: 137_500,
        paid: 57_500,
        balance: 80_000,
        status: 'overdue',
        dueOn: '2021-01-10',
        nextAmount: 30_000,
        overdue: 30_000,
        schedule: [
          { dueOn: '2020-12-01', amount: 37_500, owing: 0 },
          { dueOn: '2021-01-10', amount: 50_000, owing: 30_000 },
          { dueOn: '2999-02-10', amount: 50_000, owing: 50_000 },
        ],
      };
      serveApi(fetchMock, {
        'GET /api/Billing': () => jsonReply(200, []),
        'GET /api/Billing/Account': () =>
          jsonReply(200, {
            ...account,
            balance: 80_000,
            status: 'overdue',
            overdue: 30_000,
            nextDue: { amount: 30_000, dueOn: '2021-01-10', sessionName: 'Winter Session' },
            places: [planned],
            entries: [
              {
                ...account.entries[0],
                created: '2020-12-01T18:00:00Z',
                amount: 50_000,
                dueOn: '2999-02-10',
                balanceAfter: 50_000,
              },
            ],
          }),
      });
      renderBilling();
      const schedule = await screen.findByRole('table', { name: 'Maya Avery in Winter Session' });
      expect(
        within(schedule)
          .getAllByRole('row')
          .map((r) => r.textContent),
      ).toEqual([
        'Due onAmountStatus',
        'Dec 1, 2020$375.00Paid',
        'Jan 10, 2021$500.00Overdue: $300.00',
        'Feb 10, 2999$500.00Due',
      ]);
      // The statement (a table on wide screens, cards on a phone) says when the instalment falls due.
      expect(screen.getAllByText('Charge · due Feb 10, 2999')).toHaveLength(2);
      await act(() => i18n.changeLanguage('es'));
      const spanish = await screen.findByRole('table', { name: 'Maya Avery en Winter Session' });
      expect(spanish).toHaveTextContent('Vencido: $300.00');
      expect(screen.getByRole('heading', { name: 'Calendario de pagos' })).toBeInTheDocument();
    });

    it('reads in Spanish, with a credit on account', async () => {
      await i18n.changeLanguage('es');
      serveApi(fetchMock, {
        'GET /api/Billing': () => jsonReply(200, []),
        'GET /api/Billing/Account': () =>
          jsonReply(200, {
            ...account,
            balance: -5_000,
            status: 'credit',
            nextDue: null,
            places: [{ ...account.places[0], paid: 50_500, balance: -5_000, status: 'credit' }],
          }),
      });
      renderBilling();
      const summary = await screen.findByRole('region', { name: 'Su cuenta' });
      expect(summary).toHaveTextContent('Crédito a su favor: $50.00');
      expect(summary).toHaveTextContent('El crédito se aplica a su próximo cargo');
      expect(screen.getByRole('table', { name: 'Las sesiones de cada niño' })).toHaveTextContent(
        'Crédito · $50.00',
      );
      const statement = screen.getByRole('table', {
        name: 'Cada cargo, pago y reembolso, del más antiguo al más reciente, con el saldo después de cada uno',
      });
      expect(within(statement).getByText('Pago con cheque (Check #1042)')).toBeInTheDocument();
      expect(screen.queryByText(/Balance due/)).toBeNull();
    });
  });
});
