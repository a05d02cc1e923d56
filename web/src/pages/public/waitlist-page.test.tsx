import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MAYA_ID,
  sessionStudentFixture,
  THEO_ID,
  textReply,
  waitlistPlaceFixture,
} from '../../features/enrollment/enrollment-fixtures.ts';
import { classSessionFixture } from '../../features/testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import WaitlistPage from './waitlist-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

const FULL = 'Spring Morning Program is full. Join the waitlist and we’ll email you the moment a seat opens.';
const SESSION = classSessionFixture({ registrationState: 'Full', seatsLeft: 0 });
const MAYA = sessionStudentFixture({ canEnroll: false, canJoinWaitlist: true, eligibility: FULL });
const THEO = sessionStudentFixture({
  id: THEO_ID,
  firstName: 'Theo',
  canEnroll: false,
  canJoinWaitlist: false,
  waitlistStatus: 'Waiting',
  waitlistPosition: 2,
  eligibility: 'Theo is number 2 on the waitlist. We’ll email you the moment a seat opens.',
});

function serve(
  students = [MAYA, THEO],
  onPost: (body: { classSessionId: number; studentIds: string[] }) => Response = () => jsonReply(500),
) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/ClassSession/1') return jsonReply(200, SESSION);
    if (method === 'GET' && url === '/api/ClassSessionEnrollment/1') return jsonReply(200, students);
    if (method === 'GET' && url === '/api/ClassSessionEnrollment/1/VerifyEligibility')
      return textReply(`${FULL} ${THEO.eligibility}`);
    if (method === 'POST' && url === '/api/ClassSessionEnrollment/JoinWaitlist/1')
      return onPost(JSON.parse(String(init?.body)));
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
}

function renderWaitlist() {
  return renderPage(<WaitlistPage />, {
    path: '/sessions/1/waitlist',
    pattern: '/sessions/:classSessionId/waitlist',
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('session waitlist page', () => {
  it('explains the waitlist and offers only the children who can join', async () => {
    serve();
    renderWaitlist();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join the waitlist for Spring Morning Program' }),
    ).toBeInTheDocument();
    const howItWorks = screen.getByRole('region', { name: 'How the waitlist works' });
    expect(howItWorks).toHaveTextContent('First come, first served.');
    expect(howItWorks).toHaveTextContent(
      'When a seat opens, we email you and save it for your child for 48 hours.',
    );
    expect(howItWorks).toHaveTextContent('You enroll and pay then.');

    // The only child who can join is chosen already; Theo is waiting and says so.
    expect(screen.getByRole('checkbox', { name: 'Maya Avery' })).toBeChecked();
    const theo = screen.getByRole('checkbox', { name: 'Theo Avery' });
    expect(theo).toBeDisabled();
    expect(theo).toHaveAccessibleDescription(/Theo is number 2 on the waitlist/);
  });

  it('joins with the chosen child and passes the places to the success page', async () => {
    const place = waitlistPlaceFixture({ position: 4 });
    serve([MAYA, THEO], () => jsonReply(201, [place]));
    const { router } = renderWaitlist();
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions/1/waitlist/success'));
    expect(router.state.location.state).toEqual({ places: [place] });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ classSessionId: 1, studentIds: [MAYA_ID] });
  });

  it('asks for a child when none is chosen, and sends nothing', async () => {
    const ava = sessionStudentFixture({
      ...MAYA,
      id: '0b8e7d6c-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      firstName: 'Ava',
      fullName: 'Ava Avery',
    });
    serve([MAYA, ava]);
    renderWaitlist();
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));

    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Maya Avery' })).toHaveFocus());
    expect(screen.getByRole('group', { name: /which children should join/i })).toHaveAccessibleDescription(
      /Choose at least one child/,
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows why the server refused, next to the children, with focus on it', async () => {
    const message = 'Only 1 waitlist place is left in Spring Morning Program. Choose fewer children.';
    serve([MAYA, THEO], () =>
      jsonReply(409, { error: 'Conflict', message, fields: { studentIds: message }, requestId: 'r' }),
    );
    renderWaitlist();
    fireEvent.click(await screen.findByRole('button', { name: 'Join the waitlist' }));

    const group = screen.getByRole('group', { name: /which children should join/i });
    const alert = await within(group).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('points to the enroll page when seats are open to the children', async () => {
    serve([
      sessionStudentFixture({ canEnroll: true, canJoinWaitlist: false, eligibility: 'Maya can enroll now.' }),
    ]);
    renderWaitlist();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Good news — you can enroll instead' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enroll now' })).toHaveAttribute('href', '/sessions/1/enroll');
    expect(screen.queryByRole('button', { name: 'Join the waitlist' })).not.toBeInTheDocument();
  });
});

describe('session waitlist page in Spanish (issue 14)', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('explains the waitlist in Spanish and asks for a child by the field', async () => {
    const ava = sessionStudentFixture({
      ...MAYA,
      id: '0b8e7d6c-5a4f-4e3d-9c2b-1a0f9e8d7c6b',
      firstName: 'Ava',
      fullName: 'Ava Avery',
    });
    serve([MAYA, ava]);
    renderWaitlist();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lista de espera de Spring Morning Program' }),
    ).toBeInTheDocument();
    const howItWorks = screen.getByRole('region', { name: 'Cómo funciona la lista de espera' });
    expect(howItWorks).toHaveTextContent('Por orden de llegada.');
    expect(howItWorks).toHaveTextContent(
      'Cuando se libera un lugar, le enviamos un correo y se lo guardamos a su hijo o hija durante 48 horas.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unirse a la lista de espera' }));

    const group = screen.getByRole('group', { name: /¿Cuáles de sus hijos se unen a la lista de espera\?/ });
    await waitFor(() => expect(group).toHaveAccessibleDescription(/Elija al menos a un niño/));
    expect(screen.getByRole('link', { name: 'Cancelar' })).toHaveAttribute('href', '/sessions/1');
    expect(screen.queryByText('How the waitlist works')).not.toBeInTheDocument();
    expect(screen.queryByText('Choose at least one child')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('points to the enroll page in Spanish when seats are open', async () => {
    serve([
      sessionStudentFixture({ canEnroll: true, canJoinWaitlist: false, eligibility: 'Maya can enroll now.' }),
    ]);
    renderWaitlist();
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: 'Buenas noticias: puede hacer la inscripción directamente',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inscribir ahora' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(screen.getByRole('link', { name: 'Ver otras sesiones' })).toHaveAttribute('href', '/sessions');
  });
});
