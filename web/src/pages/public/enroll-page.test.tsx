import type { ClassSession, Policy } from '@lc/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentFixture,
  sessionStudentFixture,
  THEO_ID,
  textReply,
} from '../../features/enrollment/enrollment-fixtures.ts';
import { goToCheckout } from '../../features/enrollment/go-to-checkout.ts';
import { classSessionFixture } from '../../features/testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import EnrollPage from './enroll-page.tsx';

vi.mock('../../features/enrollment/go-to-checkout.ts', () => ({ goToCheckout: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function policy(policyType: Policy['policyType'], name: string, id: number): Policy {
  return {
    id,
    policyType,
    name,
    htmlValue: `<p>${name}: the rules.</p>`,
    created: '2025-01-01T00:00:00Z',
    lastUpdated: '2025-01-01T00:00:00Z',
  };
}

const SESSION: ClassSession = classSessionFixture({
  registrationState: 'Open',
  expectationPolicy: policy('Expectation', 'Family expectations', 1),
  latePickupPolicy: policy('LatePickup', 'Late pickup', 3),
});
const MAYA = sessionStudentFixture();
const THEO = sessionStudentFixture({ id: THEO_ID, firstName: 'Theo' });

type Family = {
  session?: ClassSession;
  students?: ReturnType<typeof sessionStudentFixture>[];
  eligibility?: string;
  onPost?: (body: { classSessionId: number; studentIds: string[] }) => Response | Promise<Response>;
};

function serve({
  session = SESSION,
  students = [MAYA, THEO],
  eligibility = 'Maya can enroll now. Theo can enroll now.',
  onPost = () => jsonReply(500),
}: Family = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/ClassSession/1') return jsonReply(200, session);
    if (method === 'GET' && url === '/api/ClassSessionEnrollment/1') return jsonReply(200, students);
    if (method === 'GET' && url === '/api/ClassSessionEnrollment/1/VerifyEligibility')
      return textReply(eligibility);
    if (method === 'POST' && url === '/api/ClassSessionEnrollment')
      return onPost(JSON.parse(String(init?.body)));
    return jsonReply(404, { error: 'Not Found', message: 'That session was not found.', requestId: 'r' });
  });
}

function posts() {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
}

function renderEnroll(id = '1') {
  return renderPage(<EnrollPage />, {
    path: `/sessions/${id}/enroll`,
    pattern: '/sessions/:classSessionId/enroll',
  });
}

function acceptPolicies() {
  fireEvent.click(
    screen.getByRole('checkbox', { name: 'I have read and accept the Family expectations policy' }),
  );
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the Late pickup policy' }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(goToCheckout).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('enroll page', () => {
  it('shows the family’s sentence, offers only the children who can enroll and prices the choice', async () => {
    const enrolled = sessionStudentFixture({
      id: THEO_ID,
      firstName: 'Theo',
      canEnroll: false,
      enrollmentStatus: 'Enrolled',
      eligibility: 'Theo is enrolled in Spring Morning Program.',
    });
    const ava = sessionStudentFixture({ id: '0b8e7d6c-5a4f-4e3d-9c2b-1a0f9e8d7c6b', firstName: 'Ava' });
    serve({
      students: [MAYA, enrolled, ava],
      eligibility: 'Maya can enroll now. Theo is enrolled in Spring Morning Program. Ava can enroll now.',
    });
    renderEnroll();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Enroll in Spring Morning Program' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Maya can enroll now. Theo is enrolled in Spring Morning Program. Ava can enroll now.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Maya Avery' })).toBeEnabled();
    const theo = screen.getByRole('checkbox', { name: 'Theo Avery' });
    expect(theo).toBeDisabled();
    expect(theo).toHaveAccessibleDescription('Theo is enrolled in Spring Morning Program.');

    const price = screen.getByRole('region', { name: 'Price' });
    expect(within(price).getByRole('table', { name: 'Price per child' })).toHaveTextContent('$1,925.00');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Maya Avery' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Ava Avery' }));
    const table = within(price).getByRole('table', { name: 'For Maya and Ava' });
    expect(table).toHaveTextContent('$1,850.00 × 2');
    expect(table).toHaveTextContent('$75.00 × 2');
    expect(within(table).getByRole('rowheader', { name: 'Total' }).nextSibling).toHaveTextContent(
      '$3,850.00',
    );
    expect(within(price).getByText('Total for 2 children: $3,850.00')).toBeInTheDocument();
  });

  it('asks for a child and every policy before sending anything, with focus on the children', async () => {
    serve();
    renderEnroll();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to payment' }));

    const maya = screen.getByRole('checkbox', { name: 'Maya Avery' });
    await waitFor(() => expect(maya).toHaveFocus());
    expect(
      screen.getByRole('group', { name: /which children are you enrolling/i }),
    ).toHaveAccessibleDescription(/Choose at least one child/);
    expect(
      screen.getByRole('checkbox', { name: 'I have read and accept the Late pickup policy' }),
    ).toHaveAccessibleDescription('Please read and accept the Late pickup policy to continue');
    expect(posts()).toHaveLength(0);
  });

  it('holds the seats for the chosen children and goes on to the checkout', async () => {
    let release: (reply: Response) => void = () => {};
    serve({ onPost: () => new Promise<Response>((resolve) => (release = resolve)) });
    renderEnroll();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Theo Avery' }));
    acceptPolicies();
    const button = screen.getByRole('button', { name: 'Continue to payment' });
    fireEvent.click(button);

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(button).toBeDisabled();
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ classSessionId: 1, studentIds: [THEO_ID] });
    release(jsonReply(201, paymentFixture({ status: 'Pending', checkoutUrl: '/test-checkout/test_cs_9' })));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('/test-checkout/test_cs_9'));
    expect(button).toBeDisabled();
  });

  it('shows the server’s reason next to the children and moves focus to it', async () => {
    const message =
      'Only 1 seat is left in Spring Morning Program. Choose fewer children, or join the waitlist for the others.';
    serve({
      onPost: () =>
        jsonReply(409, { error: 'Conflict', message, fields: { studentIds: message }, requestId: 'r' }),
    });
    renderEnroll();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Maya Avery' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Theo Avery' }));
    acceptPolicies();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(within(screen.getByRole('group', { name: /which children/i })).getByRole('alert')).toBe(alert);
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
    expect(goToCheckout).not.toHaveBeenCalled();
  });

  it('sends a family without children to add one first', async () => {
    serve({
      students: [],
      eligibility:
        'Add your child in the Student Portal first (My students → Add a child), then come back to enroll.',
    });
    renderEnroll();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'First, add your child' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a child' })).toHaveAttribute(
      'href',
      '/dashboard/my-students/new',
    );
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
  });

  it('points to the waitlist when the session is full', async () => {
    const full =
      'Spring Morning Program is full. Join the waitlist and we’ll email you the moment a seat opens.';
    serve({
      session: { ...SESSION, registrationState: 'Full', seatsLeft: 0 },
      students: [
        sessionStudentFixture({ canEnroll: false, canJoinWaitlist: true, eligibility: full }),
        sessionStudentFixture({
          id: THEO_ID,
          firstName: 'Theo',
          canEnroll: false,
          canJoinWaitlist: true,
          eligibility: full,
        }),
      ],
      eligibility: full,
    });
    renderEnroll();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'The waitlist is open' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute(
      'href',
      '/sessions/1/waitlist',
    );
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('says so when the session does not exist', async () => {
    serve();
    renderEnroll('42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all sessions' })).toHaveAttribute('href', '/sessions');
  });

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

  it('does not ask the API about an id that cannot name a session', async () => {
    serve();
    renderEnroll('not-a-number');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('enroll page in Spanish (issue 14)', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks for the children and the policies in Spanish, by each field', async () => {
    serve();
    renderEnroll();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inscripción en Spring Morning Program' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Volver a Spring Morning Program' })).toHaveAttribute(
      'href',
      '/sessions/1',
    );
    expect(screen.getByText('2 feb – 29 may 2026 · Mon–Fri, 8:30 am – 12:00 pm')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar al pago' }));

    const group = screen.getByRole('group', { name: /¿A cuáles de sus hijos va a inscribir\?/ });
    await waitFor(() => expect(group).toHaveAccessibleDescription(/Elija al menos a un niño/));
    expect(
      screen.getByRole('checkbox', { name: 'He leído y acepto la política “Late pickup”' }),
    ).toHaveAccessibleDescription('Lea y acepte la política “Late pickup” para continuar');
    expect(screen.queryByText('Choose at least one child')).not.toBeInTheDocument();
    expect(screen.queryByText(/Please read and accept/)).not.toBeInTheDocument();
    expect(posts()).toHaveLength(0);
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

  it('sends a family without children to add one first, in Spanish', async () => {
    serve({ students: [], eligibility: 'Add your child in the Student Portal first.' });
    renderEnroll();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Primero, agregue a su hijo o hija' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agregar a su hijo o hija' })).toHaveAttribute(
      'href',
      '/dashboard/my-students/new',
    );
    expect(screen.queryByText('First, add your child')).not.toBeInTheDocument();
  });
});
