import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announcement,
  enrollment,
  serveApi,
  sessionSummary,
  THEO,
  waitlistPlace,
} from '../../features/portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { studentFixture } from '../../features/testing/student-fixture.ts';
import { i18n } from '../../i18n/i18n.ts';
import DashboardPage from './dashboard-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const MAYA_STUDENT = studentFixture('28802cc2-9ee6-423d-bbcb-ec9ad003d6b8', 'Maya', {
  lastName: 'Avery',
  dateOfBirth: '2021-07-24',
});

const WINTER = sessionSummary({ id: 2, name: 'Winter Morning Session', sessionStartDate: '2099-01-12' });
const SCIENCE = sessionSummary({ id: 5, name: 'Little Scientists', sessionStartDate: '2098-12-08' });
const FALL = sessionSummary({ id: 1, name: 'Fall Morning Session', sessionEndDate: '2020-12-01' });
const CAMP = sessionSummary({ id: 4, name: 'Summer Discovery Camp', sessionStartDate: '2099-06-23' });

const fail = () => jsonReply(500, { error: 'x', message: 'x', requestId: 'r' });

function family(overrides: Record<string, () => Response> = {}) {
  return {
    'GET /api/Student': () => jsonReply(200, [MAYA_STUDENT]),
    'GET /api/Student/Trustees': () => jsonReply(200, []),
    'GET /api/ClassSessionEnrollment': () => jsonReply(200, []),
    'GET /api/ClassSessionEnrollment/Waitlist': () => jsonReply(200, []),
    'GET /api/Announcement': () => jsonReply(200, []),
    ...overrides,
  };
}

describe('dashboard sessions, waitlist and announcements', () => {
  it('lists upcoming sessions next first, open waitlist places and the three top announcements', async () => {
    serveApi(
      fetchMock,
      family({
        'GET /api/ClassSessionEnrollment': () =>
          jsonReply(200, [
            enrollment({ classSession: WINTER }),
            enrollment({
              classSession: SCIENCE,
              status: 'PendingPayment',
              holdExpiresAt: '2098-12-01T01:00:00Z',
            }),
            enrollment({ classSession: FALL }),
            enrollment({ classSession: CAMP, status: 'Cancelled' }),
          ]),
        'GET /api/ClassSessionEnrollment/Waitlist': () =>
          jsonReply(200, [
            waitlistPlace({ student: THEO, position: 3 }),
            waitlistPlace({ status: 'Offered', position: null, expires: '2099-01-10T01:00:00Z' }),
            waitlistPlace({ id: 'closed', status: 'Expired', position: null, classSession: CAMP }),
          ]),
        'GET /api/Announcement': () =>
          jsonReply(200, [
            announcement({ id: 1, title: 'First', priority: 1 }),
            announcement({ id: 2, title: 'Second' }),
            announcement({ id: 3, title: 'For everyone', classSessionId: null, classSession: null }),
            announcement({ id: 4, title: 'Fourth' }),
          ]),
      }),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });

    const upcoming = await screen.findByRole('region', { name: 'Upcoming and current sessions' });
    const links = await within(upcoming).findAllByRole('link', { name: /Session|Scientists/ });
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Little Scientists', '/dashboard/sessions/5'],
      ['Winter Morning Session', '/dashboard/sessions/2'],
    ]);
    expect(upcoming).toHaveTextContent('Awaiting payment');
    expect(upcoming).not.toHaveTextContent('Fall Morning Session');
    expect(upcoming).not.toHaveTextContent('Summer Discovery Camp');

    const waitlist = screen.getByRole('region', { name: 'Waitlist' });
    expect(waitlist).toHaveTextContent('A seat is saved for Maya until Fri, Jan 9, 2099 at 5:00 pm');
    expect(within(waitlist).getByRole('link', { name: /^Enroll now/ })).toHaveAttribute(
      'href',
      '/sessions/6/enroll',
    );
    expect(waitlist).toHaveTextContent('Theo is number 3 in line for Pre-K Readiness Mornings.');
    expect(waitlist).not.toHaveTextContent('Summer Discovery Camp');

    const news = await screen.findByRole('region', { name: 'Recent announcements' });
    expect(
      within(news)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['First', 'Second', 'For everyone']);
    expect(within(news).getByRole('link', { name: 'First' })).toHaveAttribute(
      'href',
      '/dashboard/sessions/2',
    );
    expect(within(news).queryByRole('link', { name: 'For everyone' })).toBeNull();
    expect(news).toHaveTextContent('For all families');
  });

  it('ticks “browse sessions and enroll” once a child is enrolled', async () => {
    serveApi(
      fetchMock,
      family({
        'GET /api/ClassSessionEnrollment': () => jsonReply(200, [enrollment({ classSession: WINTER })]),
      }),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });

    const steps = await screen.findByRole('region', { name: 'Your next steps' });
    await waitFor(() =>
      expect(within(steps).getByText('Browse sessions and enroll')).toHaveTextContent(
        'Browse sessions and enroll (done)',
      ),
    );
    expect(within(steps).queryByRole('link', { name: 'Browse sessions' })).toBeNull();
    expect(within(steps).getByRole('link', { name: 'Add a contact' })).toBeInTheDocument();
  });

  it('shows each section’s empty state, and a failed section with its own retry without hiding the others', async () => {
    let announcementsFail = true;
    serveApi(
      fetchMock,
      family({
        'GET /api/Announcement': () =>
          announcementsFail ? fail() : jsonReply(200, [announcement({ title: 'Back again' })]),
      }),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });

    const upcoming = await screen.findByRole('region', { name: 'Upcoming and current sessions' });
    expect(await within(upcoming).findByText(/No upcoming sessions yet/)).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: 'Browse sessions' })).toHaveAttribute(
      'href',
      '/sessions',
    );
    const waitlist = screen.getByRole('region', { name: 'Waitlist' });
    expect(await within(waitlist).findByText(/aren’t on any waitlist/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Your children' })).toHaveTextContent('Maya Avery');

    const news = screen.getByRole('region', { name: 'Recent announcements' });
    expect(await within(news).findByText('We could not load the announcements.')).toBeInTheDocument();
    announcementsFail = false;
    fireEvent.click(within(news).getByRole('button', { name: 'Try again' }));
    expect(await within(news).findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});

describe('dashboard in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish: welcome, next steps, sessions with their status, waitlist, announcements and family', async () => {
    await i18n.changeLanguage('es');
    serveApi(
      fetchMock,
      family({
        'GET /api/ClassSessionEnrollment': () =>
          jsonReply(200, [
            enrollment({
              classSession: SCIENCE,
              status: 'PendingPayment',
              holdExpiresAt: '2098-12-01T01:00:00Z',
            }),
          ]),
        'GET /api/ClassSessionEnrollment/Waitlist': () =>
          jsonReply(200, [
            waitlistPlace({ student: THEO, position: 3 }),
            waitlistPlace({ status: 'Offered', position: null, expires: '2099-01-10T01:00:00Z' }),
          ]),
        'GET /api/Announcement': () =>
          jsonReply(200, [
            announcement({ id: 1, title: 'First', priority: 1 }),
            announcement({ id: 3, title: 'For everyone', classSessionId: null, classSession: null }),
          ]),
      }),
    );
    renderPage(<DashboardPage />, { path: '/dashboard' });

    expect(screen.getByRole('heading', { level: 1, name: 'Le damos la bienvenida' })).toBeInTheDocument();
    const steps = await screen.findByRole('region', { name: 'Sus próximos pasos' });
    expect(within(steps).getByText('Agregue a su hijo o hija')).toHaveTextContent(
      'Agregue a su hijo o hija (listo)',
    );
    expect(within(steps).getByRole('link', { name: 'Agregar un contacto' })).toHaveAttribute(
      'href',
      '/dashboard/emergency-contacts/new',
    );

    const upcoming = screen.getByRole('region', { name: 'Sesiones actuales y próximas' });
    expect(await within(upcoming).findByRole('link', { name: 'Little Scientists' })).toBeInTheDocument();
    expect(upcoming).toHaveTextContent('Empieza el 8 dic 2098');
    expect(upcoming).toHaveTextContent('Pago pendiente');
    expect(within(upcoming).getByRole('link', { name: 'Todas mis sesiones' })).toBeInTheDocument();

    const waitlist = screen.getByRole('region', { name: 'Lista de espera' });
    expect(await within(waitlist).findByText(/Tenemos un lugar guardado para Maya/)).toHaveTextContent(
      'Tenemos un lugar guardado para Maya hasta el vie, 9 de ene de 2099 a las 5:00 p.m.',
    );
    expect(within(waitlist).getByRole('link', { name: /^Inscribir ahora/ })).toHaveAttribute(
      'href',
      '/sessions/6/enroll',
    );
    expect(waitlist).toHaveTextContent(
      'Theo ocupa el lugar 3 en la lista de espera de Pre-K Readiness Mornings.',
    );

    const news = screen.getByRole('region', { name: 'Avisos recientes' });
    expect(await within(news).findByText('Importante')).toBeInTheDocument();
    // Staff's own words stay as they wrote them; the card's chrome is Spanish.
    expect(news).toHaveTextContent('Para todas las familias');
    expect(news).toHaveTextContent('2 ene 2099');

    const children = screen.getByRole('region', { name: 'Sus hijos' });
    expect(children).toHaveTextContent(/Maya Avery\d+ años · sin alergias registradas/);
    expect(screen.getByRole('region', { name: 'Contactos de emergencia' })).toHaveTextContent(
      'Todavía no hay contactos.',
    );
    expect(screen.getByText(/¿Necesita ayuda\? Llámenos al/)).toBeInTheDocument();

    for (const english of [
      'Your next steps',
      'Upcoming and current sessions',
      'Recent announcements',
      'Awaiting payment',
    ])
      expect(screen.queryByText(english)).toBeNull();
  });

  it('says a load failure in Spanish', async () => {
    await i18n.changeLanguage('es');
    serveApi(fetchMock, family({ 'GET /api/Announcement': fail }));
    renderPage(<DashboardPage />, { path: '/dashboard' });
    const news = screen.getByRole('region', { name: 'Avisos recientes' });
    expect(await within(news).findByText('No pudimos cargar los avisos.')).toBeInTheDocument();
    expect(within(news).queryByText('We could not load the announcements.')).toBeNull();
  });
});
