/**
 * The enroll page's payment plan (issue 23): offered while it is open, with the schedule the checkout will
 * charge for the chosen children (odd cents on the last instalment), in English and Spanish; choosing it
 * starts the checkout with `paymentPlan`; a session without a plan, or past its first date, asks nothing.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentFixture, THEO_ID } from '../../features/enrollment/enrollment-fixtures.ts';
import { goToCheckout } from '../../features/enrollment/go-to-checkout.ts';
import { jsonReply } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import { acceptPolicies, fetchMock, posts, renderEnroll, SESSION, serve } from './enroll-page-fixtures.tsx';

vi.mock('../../features/enrollment/go-to-checkout.ts', () => ({ goToCheckout: vi.fn() }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(goToCheckout).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

// $1,850 and a $75 supply fee a child; $345 down and a $25 fee, then three instalments.
const PLANNED = {
  ...SESSION,
  plan: { deposit: 34_500, fee: 2_500, dueDates: ['2999-01-10', '2999-02-10', '2999-03-10'] },
};

describe('enroll page: the payment plan', () => {
  it('shows the schedule for the chosen children and starts the checkout on the plan', async () => {
    serve({
      session: PLANNED,
      onPost: () =>
        jsonReply(201, paymentFixture({ status: 'Pending', checkoutUrl: '/test-checkout/test_cs_plan' })),
    });
    renderEnroll();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Theo Avery' }));
    const choice = screen.getByRole('region', { name: 'How would you like to pay?' });
    expect(within(choice).getByRole('radio', { name: 'Pay in full today: $1,925.00' })).toBeChecked();
    expect(choice).toHaveTextContent('The payment plan can be chosen until Jan 10, 2999.');
    fireEvent.click(
      within(choice).getByRole('radio', { name: 'Payment plan: $370.00 today, then 3 instalments' }),
    );

    const table = within(choice).getByRole('table', { name: 'Your payment plan' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    // $1,925 − $345 = $1,580 in three: $526.66, $526.66 and the odd cents on the last, $526.68.
    expect(rows).toEqual([
      'WhenAmount',
      'Today: the deposit and the plan fee$370.00',
      'Jan 10, 2999$526.66',
      'Feb 10, 2999$526.66',
      'Mar 10, 2999$526.68',
      'In all$1,950.00',
    ]);
    expect(choice).toHaveTextContent('The plan costs $25.00 more per child than paying in full.');

    // Autopay is offered with the plan, on by default: the card paid with today pays the instalments.
    const autopay = screen.getByRole('checkbox', {
      name: 'Pay the instalments automatically with the card or bank account I use today',
    });
    expect(autopay).toBeChecked();
    fireEvent.click(autopay);
    fireEvent.click(autopay);

    acceptPolicies();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      classSessionId: 1,
      studentIds: [THEO_ID],
      paymentPlan: true,
      saveMethod: true,
    });
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('/test-checkout/test_cs_plan'));
  });

  it('reads in Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    serve({ session: PLANNED });
    renderEnroll();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Theo Avery' }));
    const choice = screen.getByRole('region', { name: '¿Cómo desea pagar?' });
    fireEvent.click(
      within(choice).getByRole('radio', { name: /^Plan de pagos: \$370\.00 hoy y luego 3 cuotas$/ }),
    );
    expect(within(choice).getByRole('table', { name: 'Su plan de pagos' })).toHaveTextContent(
      'Hoy: el depósito y la tarifa del plan',
    );
  });

  it('asks nothing without a plan, or once its first instalment date has come', async () => {
    serve({ session: { ...PLANNED, plan: { ...PLANNED.plan, dueDates: ['2001-01-10'] } } });
    renderEnroll();
    await screen.findByRole('checkbox', { name: 'Theo Avery' });
    expect(screen.queryByRole('region', { name: 'How would you like to pay?' })).toBeNull();
  });
});
