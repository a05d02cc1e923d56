import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  paymentFixture,
  sessionStudentFixture,
  THEO_ID,
} from '../../features/enrollment/enrollment-fixtures.ts';
import { goToCheckout } from '../../features/enrollment/go-to-checkout.ts';
import { jsonReply } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import {
  acceptPolicies,
  fetchMock,
  MAYA,
  posts,
  renderEnroll,
  SESSION,
  serve,
} from './enroll-page-fixtures.tsx';

vi.mock('../../features/enrollment/go-to-checkout.ts', () => ({ goToCheckout: vi.fn() }));

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

  it('asks for a policy not accepted once the children are chosen, with focus on its checkbox', async () => {
    serve();
    renderEnroll();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Theo Avery' }));
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'I have read and accept the Family expectations policy' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));

    const latePickup = screen.getByRole('checkbox', {
      name: 'I have read and accept the Late pickup policy',
    });
    await waitFor(() => expect(latePickup).toHaveFocus());
    expect(latePickup).toHaveAccessibleDescription(
      'Please read and accept the Late pickup policy to continue',
    );
    expect(posts()).toHaveLength(0);
  });

  it('goes to the success page when there is nothing to pay, and says so when no checkout started', async () => {
    let reply = paymentFixture({ status: 'Pending', checkoutUrl: null });
    serve({ onPost: () => jsonReply(201, reply) });
    const { router } = renderEnroll();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Theo Avery' }));
    acceptPolicies();
    const button = screen.getByRole('button', { name: 'Continue to payment' });
    fireEvent.click(button);

    const alert = await within(screen.getByRole('group', { name: /which children/i })).findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t start the checkout. Please try again in a minute');
    await waitFor(() => expect(alert).toHaveFocus());

    reply = paymentFixture({ status: 'Paid' });
    fireEvent.click(button);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/sessions/1/enrollment-successful/test_cs_1'),
    );
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
