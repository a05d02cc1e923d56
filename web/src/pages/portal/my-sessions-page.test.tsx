import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  enrollment,
  serveApi,
  sessionSummary,
  THEO,
  waitlistPlace,
} from '../../features/portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import MySessionsPage from './my-sessions-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const WINTER = sessionSummary({ id: 2, name: 'Winter Morning Session', sessionStartDate: '2099-01-12' });
const SCIENCE = sessionSummary({ id: 5, name: 'Little Scientists', sessionStartDate: '2098-12-08' });
const FALL = sessionSummary({
  id: 1,
  name: 'Fall Morning Session',
  sessionStartDate: '2020-09-01',
  sessionEndDate: '2020-12-01',
});
const CAMP = sessionSummary({ id: 4, name: 'Summer Discovery Camp', sessionStartDate: '2099-06-23' });
const PRE_K = sessionSummary({ id: 6, name: 'Pre-K Readiness Mornings' });

function renderMySessions() {
  return renderPage(<MySessionsPage />, { path: '/dashboard/sessions' });
}

describe('my sessions', () => {
  it('shows current sessions next first, with each child’s status, and past or cancelled ones apart', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSessionEnrollment': () =>
        jsonReply(200, [
          enrollment({ classSession: CAMP, status: 'Cancelled' }),
          enrollment({
            classSession: WINTER,
            status: 'Cancelled',
            created: '2026-01-02T00:00:00Z',
            id: 'old',
          }),
          enrollment({ classSession: WINTER, status: 'Enrolled', created: '2026-01-03T00:00:00Z' }),
          enrollment({ classSession: WINTER, student: THEO, status: 'Withdrawn' }),
          enrollment({
            classSession: SCIENCE,
            status: 'PendingPayment',
            holdExpiresAt: '2098-12-01T01:00:00Z',
          }),
          enrollment({ classSession: FALL }),
        ]),
      'GET /api/ClassSessionEnrollment/Waitlist': () => jsonReply(200, []),
    });
    renderMySessions();

    const current = await screen.findByRole('region', { name: 'Current and upcoming' });
    const currentNames = within(current)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(currentNames).toEqual(['Little Scientists', 'Winter Morning Session']);
    expect(within(current).getByRole('link', { name: 'Winter Morning Session' })).toHaveAttribute(
      'href',
      '/dashboard/sessions/2',
    );
    const winter = within(current).getByRole('link', { name: 'Winter Morning Session' }).closest('li')!;
    // Maya's lapsed first checkout is replaced by her enrollment; Theo's withdrawal is still shown.
    expect(within(winter as HTMLElement).getAllByText('Maya Avery')).toHaveLength(1);
    expect(within(winter as HTMLElement).getByText('Enrolled')).toBeInTheDocument();
    expect(within(winter as HTMLElement).queryByText('Cancelled')).toBeNull();
    expect(within(winter as HTMLElement).getByText('Withdrawn')).toBeInTheDocument();

    const science = within(current).getByRole('link', { name: 'Little Scientists' }).closest('li')!;
    expect(within(science as HTMLElement).getByText('Awaiting payment')).toBeInTheDocument();
    expect(
      within(science as HTMLElement).getByText(/Seat held until .*Nov 30, 2098 at 5:00 pm/),
    ).toBeInTheDocument();
    expect(
      within(science as HTMLElement).getByRole('link', { name: 'Finish paying in Billing' }),
    ).toHaveAttribute('href', '/dashboard/billing');

    const past = screen.getByRole('region', { name: 'Past and cancelled' });
    expect(
      within(past)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Summer Discovery Camp', 'Fall Morning Session']);
    // A session whose only checkout was cancelled leads to its public page, not the portal's.
    expect(within(past).getByRole('link', { name: 'Summer Discovery Camp' })).toHaveAttribute(
      'href',
      '/sessions/4',
    );
  });

  it('puts an offered seat first with its deadline and an Enroll now button, and says where waiting children are in line', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSessionEnrollment': () => jsonReply(200, [enrollment({ classSession: WINTER })]),
      'GET /api/ClassSessionEnrollment/Waitlist': () =>
        jsonReply(200, [
          waitlistPlace({ classSession: CAMP, student: THEO, position: 2 }),
          waitlistPlace({
            classSession: PRE_K,
            status: 'Offered',
            position: null,
            expires: '2099-01-10T01:00:00Z',
          }),
        ]),
    });
    renderMySessions();

    const offered = await screen.findByRole('region', { name: 'A seat is waiting for you' });
    expect(offered).toHaveTextContent('A seat is saved for Maya until Fri, Jan 9, 2099 at 5:00 pm');
    expect(within(offered).getByRole('link', { name: /^Enroll now/ })).toHaveAttribute(
      'href',
      '/sessions/6/enroll',
    );
    const waitlist = screen.getByRole('region', { name: 'Waitlist' });
    expect(waitlist).toHaveTextContent('Theo is number 2 in line for Summer Discovery Camp.');
    // The offer is read before the enrollments, the waiting places after, the center's calendar last.
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'));
    expect(regions).toEqual(['offered-seats', 'current-sessions', 'waitlist', 'family-calendar']);
  });

  it('lists the closed days and early pickups ahead for the children’s sessions (issue 24)', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSessionEnrollment': () => jsonReply(200, [enrollment({ classSession: WINTER })]),
      'GET /api/ClassSessionEnrollment/Waitlist': () => jsonReply(200, []),
      'GET /api/Family/Calendar': () =>
        jsonReply(200, {
          from: '2026-11-20',
          to: '2027-05-19',
          items: [
            {
              id: 'a',
              startsOn: '2026-11-26',
              endsOn: '2026-11-27',
              classSessionId: null,
              sessionName: null,
              kind: 'Closed',
              dismissAt: null,
              reason: 'Thanksgiving break',
            },
            {
              id: 'b',
              startsOn: '2026-12-18',
              endsOn: '2026-12-18',
              classSessionId: 5,
              sessionName: 'Winter Morning Session',
              kind: 'EarlyDismissal',
              dismissAt: '12:00',
              reason: 'Winter concert',
            },
          ],
        }),
    });
    renderMySessions();
    const calendar = await screen.findByRole('region', { name: 'Closed days and early pickups' });
    const items = await within(calendar).findAllByRole('listitem');
    // Intl writes a thin space around the range's dash.
    expect(items.map((li) => li.textContent?.replace(/\u2009/g, ' '))).toEqual([
      'ClosedThu, Nov 26 – Fri, Nov 27Thanksgiving break · The whole center',
      'Home at 12:00 PMFriday, December 18Winter concert · Winter Morning Session',
    ]);
  });

  it('invites a family without sessions to browse them', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSessionEnrollment': () => jsonReply(200, []),
      'GET /api/ClassSessionEnrollment/Waitlist': () => jsonReply(200, []),
    });
    renderMySessions();

    expect(await screen.findByRole('heading', { level: 2, name: 'No sessions yet' })).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Browse sessions' })) {
      expect(link).toHaveAttribute('href', '/sessions');
    }
  });

  it('offers to try again when the enrollments fail to load', async () => {
    let fail = true;
    serveApi(fetchMock, {
      'GET /api/ClassSessionEnrollment': () =>
        fail
          ? jsonReply(500, { error: 'x', message: 'x', requestId: 'r' })
          : jsonReply(200, [enrollment({ classSession: WINTER })]),
      'GET /api/ClassSessionEnrollment/Waitlist': () => jsonReply(200, []),
    });
    renderMySessions();

    expect(await screen.findByText('We could not load your sessions.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Winter Morning Session' })).toBeInTheDocument();
  });
});

describe('my sessions in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the sessions, each child’s status, held seats, offers and waiting places in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveApi(fetchMock, {
      'GET /api/ClassSessionEnrollment': () =>
        jsonReply(200, [
          enrollment({ classSession: WINTER, status: 'Enrolled' }),
          enrollment({ classSession: WINTER, student: THEO, status: 'Withdrawn' }),
          enrollment({
            classSession: SCIENCE,
            status: 'PendingPayment',
            holdExpiresAt: '2098-12-01T01:00:00Z',
          }),
          enrollment({ classSession: FALL }),
        ]),
      'GET /api/ClassSessionEnrollment/Waitlist': () =>
        jsonReply(200, [
          waitlistPlace({ classSession: CAMP, student: THEO, position: 2 }),
          waitlistPlace({
            classSession: PRE_K,
            status: 'Offered',
            position: null,
            expires: '2099-01-10T01:00:00Z',
          }),
        ]),
    });
    renderMySessions();

    expect(screen.getByRole('heading', { level: 1, name: 'Mis sesiones' })).toBeInTheDocument();
    const current = await screen.findByRole('region', { name: 'Actuales y próximas' });
    const winter = within(current)
      .getByRole('link', { name: 'Winter Morning Session' })
      .closest('li') as HTMLElement;
    expect(winter).toHaveTextContent('12 ene – 27 mar 2099');
    expect(within(winter).getByText('Inscripción confirmada')).toBeInTheDocument();
    expect(within(winter).getByText('Baja de la sesión')).toBeInTheDocument();
    const science = within(current)
      .getByRole('link', { name: 'Little Scientists' })
      .closest('li') as HTMLElement;
    expect(within(science).getByText('Pago pendiente')).toBeInTheDocument();
    expect(
      within(science).getByText(/Lugar reservado hasta el .*30 de nov de 2098 a las 5:00 p\.m\./),
    ).toBeInTheDocument();
    expect(within(science).getByRole('link', { name: 'Terminar de pagar en Pagos' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
    expect(screen.getByRole('region', { name: 'Pasadas y canceladas' })).toHaveTextContent(
      'Fall Morning Session',
    );

    const offered = await screen.findByRole('region', { name: 'Tiene un lugar reservado' });
    expect(offered).toHaveTextContent('En Pre-K Readiness Mornings ·');
    expect(within(offered).getByRole('link', { name: 'Pre-K Readiness Mornings' })).toHaveAttribute(
      'href',
      '/sessions/6',
    );
    const waitlist = screen.getByRole('region', { name: 'Lista de espera' });
    expect(waitlist).toHaveTextContent(
      'Theo ocupa el lugar 2 en la lista de espera de Summer Discovery Camp.',
    );
    expect(waitlist).toHaveTextContent(
      'Le avisaremos por correo electrónico en cuanto se abra un lugar para Theo.',
    );
    expect(within(waitlist).getByText('lugar 2 en la lista').tagName).toBe('STRONG');

    for (const english of ['My sessions', 'Current and upcoming', 'Enrolled', 'Awaiting payment', 'Waitlist'])
      expect(screen.queryByText(english)).toBeNull();
  });

  it('invites a family without sessions to browse them, in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveApi(fetchMock, {
      'GET /api/ClassSessionEnrollment': () => jsonReply(200, [enrollment({ classSession: FALL })]),
      'GET /api/ClassSessionEnrollment/Waitlist': () => jsonReply(200, []),
    });
    renderMySessions();
    const current = await screen.findByRole('region', { name: 'Actuales y próximas' });
    expect(current).toHaveTextContent(
      'Ninguno de sus hijos tiene una sesión actual o próxima. Vea lo que viene pronto.',
    );
    expect(within(current).getByRole('link', { name: 'Vea lo que viene pronto' })).toHaveAttribute(
      'href',
      '/sessions',
    );
    expect(screen.getByRole('link', { name: 'Ver sesiones' })).toHaveAttribute('href', '/sessions');
  });
});
