import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStudentFixture, THEO_ID } from '../../features/enrollment/enrollment-fixtures.ts';
import { goToCheckout } from '../../features/enrollment/go-to-checkout.ts';
import { i18n } from '../../i18n/i18n.ts';
import { fetchMock, MAYA, renderEnroll, SESSION, serve } from './enroll-page-fixtures.tsx';

vi.mock('../../features/enrollment/go-to-checkout.ts', () => ({ goToCheckout: vi.fn() }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(goToCheckout).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('enroll page: price, sibling discount and refund policy', () => {
  it('prices brothers and sisters with the sibling discount as its own line, and says who gets it', async () => {
    serve({ session: { ...SESSION, siblingDiscountType: 'Percent', siblingDiscountValue: 10 } });
    renderEnroll();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Maya Avery' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Theo Avery' }));

    const price = screen.getByRole('region', { name: 'Price' });
    const table = within(price).getByRole('table', { name: 'For Maya and Theo' });
    const discount = within(table).getByRole('row', { name: /Sibling discount/ });
    expect(discount).toHaveTextContent('Sibling discount (10% off a brother or sister)');
    expect(discount).toHaveTextContent('−$185.00');
    // $1,850 + $75 for each child, less 10% of the second child's registration: what the checkout charges.
    expect(within(table).getByRole('rowheader', { name: 'Total' }).nextSibling).toHaveTextContent(
      '$3,665.00',
    );
    expect(within(price).getByText('Total for 2 children: $3,665.00')).toBeInTheDocument();
    expect(price).toHaveTextContent(
      'Brothers and sisters save: each child after the first you enroll gets 10% off the registration.',
    );
  });

  it('discounts a child enrolling alone when a brother or sister already has a place', async () => {
    const theo = sessionStudentFixture({
      id: THEO_ID,
      firstName: 'Theo',
      canEnroll: false,
      enrollmentStatus: 'Enrolled',
      eligibility: 'Theo is enrolled in Spring Morning Program.',
      holdsSiblingPlace: true,
    });
    serve({
      session: {
        ...SESSION,
        siblingDiscountType: 'Amount',
        siblingDiscountValue: 25_000,
        siblingDiscountAcrossProgram: true,
        classSection: { id: 3, isActive: true, name: 'Morning Program', startDate: null, endDate: null },
      },
      students: [MAYA, theo],
      eligibility: 'Maya can enroll now. Theo is enrolled in Spring Morning Program.',
    });
    renderEnroll();

    // Maya is the only child who can enroll, so she is chosen already.
    const price = await screen.findByRole('region', { name: 'Price' });
    const table = within(price).getByRole('table', { name: 'For Maya' });
    expect(within(table).getByRole('row', { name: /Sibling discount/ })).toHaveTextContent(
      'Sibling discount ($250.00 off a brother or sister)−$250.00 × 1−$250.00',
    );
    expect(within(table).getByRole('rowheader', { name: 'Total' }).nextSibling).toHaveTextContent(
      '$1,675.00',
    );
    expect(price).toHaveTextContent(
      'Brothers and sisters save: Theo already has a place in the Morning Program, so each child you enroll now gets $250.00 off the registration.',
    );
  });

  it('says the refund policy in plain words before payment, and nothing of a discount without one', async () => {
    serve();
    renderEnroll();
    const refunds = await screen.findByRole('region', { name: 'If plans change' });
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Withdraw by Monday, January 19, 2026 (14 days before the first day) and we refund everything you paid.',
      'After that, we refund 50% of the registration until the last day.',
      'The supply fee ($75.00) is refunded only in the full-refund period.',
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Maya Avery' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Theo Avery' }));
    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).queryByText(/Sibling discount/)).not.toBeInTheDocument();
    expect(price).not.toHaveTextContent('Brothers and sisters');
    expect(within(price).getByText('Total for 2 children: $3,850.00')).toBeInTheDocument();
  });
});

describe('enroll page in Spanish (issue 14): price', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('prices the chosen children, the sibling discount and the refund policy in Spanish', async () => {
    serve({ session: { ...SESSION, siblingDiscountType: 'Percent', siblingDiscountValue: 10 } });
    renderEnroll();
    const price = await screen.findByRole('region', { name: 'Precio' });
    expect(within(price).getByRole('table', { name: 'Precio por niño' })).toHaveTextContent('$1,925.00');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Maya Avery' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Theo Avery' }));

    const table = within(price).getByRole('table', { name: 'Para Maya y Theo' });
    expect(table).toHaveTextContent('Spring Morning Program — costo de inscripción');
    expect(table).toHaveTextContent('Spring Morning Program — cuota de materiales');
    expect(within(table).getByRole('row', { name: /Descuento por hermanos/ })).toHaveTextContent(
      'Descuento por hermanos (10% de descuento para un hermano o hermana)',
    );
    expect(within(table).getByRole('rowheader', { name: 'Total a pagar' }).nextSibling).toHaveTextContent(
      '$3,665.00',
    );
    expect(within(price).getByText('Total para 2 niños: $3,665.00')).toBeInTheDocument();
    expect(price).toHaveTextContent(
      'Descuento para hermanos: cada hijo que inscriba después del primero recibe 10% de descuento en la inscripción.',
    );
    const refunds = screen.getByRole('region', { name: 'Si sus planes cambian' });
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Si da de baja a su hijo o hija a más tardar el lunes, 19 de enero de 2026 (14 días antes del primer día), le reembolsamos todo lo que pagó.',
      'Después de esa fecha, le reembolsamos el 50% del costo de inscripción hasta el último día.',
      'La cuota de materiales ($75.00) solo se reembolsa durante el periodo de reembolso completo.',
    ]);
    expect(screen.queryByText(/Sibling discount|registration|Withdraw by/)).not.toBeInTheDocument();
  });
});
