import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classSessionFixture } from '../../features/testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import SessionDetailPage from './session-detail-page.tsx';
import SessionsPage from './sessions-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('sessions page', () => {
  it('lists active sessions earliest first, with Enroll Now or Join the Waitlist as registration allows', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(200, [
        classSessionFixture({
          id: 2,
          name: 'Summer Camp',
          sessionStartDate: '2099-06-15',
          registrationState: 'Full',
          seatsLeft: 0,
        }),
        classSessionFixture({
          id: 1,
          name: 'Spring Mornings',
          sessionStartDate: '2099-02-02',
          registrationState: 'Open',
          seatsLeft: 2,
        }),
      ]),
    );
    renderPage(<SessionsPage />, { path: '/sessions' });

    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Spring Mornings', 'Summer Camp']);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ClassSession?active=true');
    expect(screen.getByRole('link', { name: 'Enroll Now in Spring Mornings' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(screen.getByRole('link', { name: 'Join the Waitlist for Summer Camp' })).toHaveAttribute(
      'href',
      '/sessions/2/waitlist',
    );
    expect(screen.getByText('Only 2 seats left')).toBeInTheDocument();
  });

  it('says when no session is open', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    renderPage(<SessionsPage />, { path: '/sessions' });
    expect(
      await screen.findByText(/No sessions are open right now — join our mailing list by/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'contacting us' })).toHaveAttribute('href', '/contact');
  });

  it('offers to try again when loading fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(jsonReply(200, []));
    renderPage(<SessionsPage />, { path: '/sessions' });
    (await screen.findByRole('button', { name: 'Try again' })).click();
    expect(await screen.findByText(/No sessions are open right now/)).toBeInTheDocument();
  });
});

describe('session detail page', () => {
  it('shows the session and its policies', async () => {
    const policy = {
      id: 1,
      name: 'Late pickup policy',
      htmlValue: '<p>$1 per minute after 12:15 pm.</p>',
      created: '',
      lastUpdated: '',
    };
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        classSessionFixture({ id: 5, latePickupPolicy: { ...policy, policyType: 'LatePickup' } }),
      ),
    );
    renderPage(<SessionDetailPage />, { path: '/sessions/5', pattern: '/sessions/:classSessionId' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring Morning Program' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Late pickup policy' })).toBeInTheDocument();
    expect(screen.getByText('$1 per minute after 12:15 pm.')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/ClassSession/5');
  });

  it('says the session was not found for an unknown id, with a way back', async () => {
    fetchMock.mockResolvedValue(jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' }));
    renderPage(<SessionDetailPage />, { path: '/sessions/999', pattern: '/sessions/:classSessionId' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all sessions' })).toHaveAttribute('href', '/sessions');
  });
});

describe('sessions in Spanish (issue 14)', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists the sessions with Spanish words, dates and seats; the center’s names stay as written', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(200, [
        classSessionFixture({
          id: 1,
          name: 'Spring Mornings',
          sessionStartDate: '2099-02-02',
          sessionEndDate: '2099-05-29',
          registrationState: 'Open',
          seatsLeft: 2,
        }),
        classSessionFixture({
          id: 2,
          name: 'Summer Camp',
          sessionStartDate: '2099-06-15',
          sessionEndDate: '2099-08-07',
          registrationState: 'Full',
          seatsLeft: 0,
        }),
      ]),
    );
    renderPage(<SessionsPage />, { path: '/sessions' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sesiones' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Inscribir en Spring Mornings' })).toHaveAttribute(
      'href',
      '/sessions/1/enroll',
    );
    expect(
      screen.getByRole('link', { name: 'Unirse a la lista de espera de Summer Camp' }),
    ).toHaveTextContent('Unirse a la lista de espera');
    expect(screen.getByText('Solo quedan 2 lugares')).toBeInTheDocument();
    expect(screen.getByText('2 feb – 29 may 2099')).toBeInTheDocument();
    expect(screen.getAllByText('Colegiatura')).toHaveLength(2);
    expect(screen.getAllByText('De 3 años y medio a 5 años el primer día')).toHaveLength(2);
    expect(
      screen.getByText('Esta sesión está llena: únase a la lista de espera para el próximo lugar libre'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Enroll Now')).not.toBeInTheDocument();
    expect(screen.queryByText('Only 2 seats left')).not.toBeInTheDocument();
    expect(screen.queryByText('Feb 2 – May 29, 2099')).not.toBeInTheDocument();
  });

  it('says when no session is open, with the way to write to us', async () => {
    fetchMock.mockResolvedValue(jsonReply(200, []));
    renderPage(<SessionsPage />, { path: '/sessions' });
    expect(await screen.findByText(/Por ahora no hay sesiones abiertas\./)).toHaveTextContent(
      'Por ahora no hay sesiones abiertas. Para recibir nuestras novedades, escríbanos.',
    );
    expect(screen.getByRole('link', { name: 'escríbanos' })).toHaveAttribute('href', '/es/contact');
  });

  it('shows a session with its facts, sibling discount and refund policy in Spanish', async () => {
    fetchMock.mockResolvedValue(
      jsonReply(
        200,
        classSessionFixture({
          id: 5,
          registrationState: 'Upcoming',
          siblingDiscountType: 'Percent',
          siblingDiscountValue: 10,
          priorityRegistrationStartDate: '2099-01-05T16:00:00Z',
          priorityRegistrationEndDate: '2099-01-10T07:59:00Z',
          registrationStartDate: '2099-01-12T16:00:00Z',
          registrationEndDate: '2099-01-31T07:59:00Z',
          sessionStartDate: '2099-02-02',
          sessionEndDate: '2099-05-29',
        }),
      ),
    );
    renderPage(<SessionDetailPage />, { path: '/sessions/5', pattern: '/sessions/:classSessionId' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Spring Morning Program' }),
    ).toBeInTheDocument();
    const registration = screen.getByRole('region', { name: 'Fechas e inscripción' });
    expect(registration).toHaveTextContent('Colegiatura$1,850.00');
    expect(registration).toHaveTextContent('Cuota de materiales$75.00');
    expect(registration).toHaveTextContent(
      'Descuento para hermanos: cada hijo después del primero recibe 10% de descuento en la inscripción.',
    );
    expect(within(registration).getByText('La inscripción general abre el 12 ene 2099')).toBeInTheDocument();
    expect(within(registration).getByText('La inscripción abre el 5 ene 2099')).toBeInTheDocument();
    const refunds = screen.getByRole('region', { name: 'Si sus planes cambian' });
    expect(within(refunds).getAllByRole('listitem')[0]).toHaveTextContent(
      'Si da de baja a su hijo o hija a más tardar el lunes, 19 de enero de 2099 (14 días antes del primer día), le reembolsamos todo lo que pagó.',
    );
    expect(screen.getByRole('link', { name: '← Todas las sesiones' })).toHaveAttribute(
      'href',
      '/es/sessions',
    );
    expect(screen.queryByText(/If plans change|Tuition|Brothers and sisters/)).not.toBeInTheDocument();
  });

  it('says in Spanish that a session was not found', async () => {
    fetchMock.mockResolvedValue(jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' }));
    renderPage(<SessionDetailPage />, { path: '/sessions/999', pattern: '/sessions/:classSessionId' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos esa sesión' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas las sesiones' })).toHaveAttribute(
      'href',
      '/es/sessions',
    );
    expect(screen.queryByText('See all sessions')).not.toBeInTheDocument();
  });
});
