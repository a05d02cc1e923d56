import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  announcement,
  enrollment,
  resource,
  serveApi,
  sessionSummary,
  THEO,
} from '../../features/portal-sessions/test-fixtures.ts';
import { classSessionFixture } from '../../features/testing/class-session-fixture.ts';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import MySessionPage from './my-session-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const WINTER = classSessionFixture({ id: 2, name: 'Winter Morning Session' });
const WINTER_SUMMARY = sessionSummary({ id: 2, name: 'Winter Morning Session' });

function renderSession(id: string) {
  return renderPage(<MySessionPage />, {
    path: `/dashboard/sessions/${id}`,
    pattern: '/dashboard/sessions/:classSessionId',
  });
}

describe('one of my sessions', () => {
  it('shows the family’s children, the announcements as text with their line breaks, and the resources', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSession/2': () => jsonReply(200, WINTER),
      'GET /api/ClassSessionEnrollment': () =>
        jsonReply(200, [
          enrollment({ classSession: WINTER_SUMMARY }),
          // Theo is enrolled elsewhere, not in this session.
          enrollment({ classSession: sessionSummary({ id: 9, name: 'Other' }), student: THEO }),
        ]),
      'GET /api/Announcement/ClassSession/2': () =>
        jsonReply(200, [
          announcement({ id: 1, title: 'Welcome!', priority: 2, webMessage: 'Line one\nLine <b>two</b>' }),
          announcement({ id: 2, title: 'Pajama morning', category: 'Event', priority: 0 }),
        ]),
      'GET /api/ClassSession/2/Resources': () =>
        jsonReply(200, [
          resource({ id: 1, name: 'Supply list' }),
          resource({
            id: 2,
            name: 'Reading list',
            type: 'Link',
            url: 'https://library.example/list',
            fileName: null,
          }),
          resource({ id: 3, name: 'Sneaky', type: 'Link', url: 'javascript:alert(1)', fileName: null }),
        ]),
    });
    renderSession('2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Winter Morning Session' }),
    ).toBeInTheDocument();
    const children = await screen.findByRole('region', { name: 'Your children in this session' });
    expect(children).toHaveTextContent('Maya Avery');
    expect(children).toHaveTextContent('Enrolled');
    expect(children).not.toHaveTextContent('Theo');

    const news = await screen.findByRole('region', { name: 'Announcements' });
    const welcome = within(news).getByRole('heading', { name: 'Welcome!' }).closest('li') as HTMLElement;
    expect(within(welcome).getByText('Important')).toBeInTheDocument();
    // Staff text is shown as text: the markup stays literal, the line break stays a line break.
    expect(within(welcome).getByText(/Line one\s+Line <b>two<\/b>/)).toBeInTheDocument();
    expect(welcome.querySelector('b')).toBeNull();
    const pajama = within(news).getByRole('heading', { name: 'Pajama morning' }).closest('li') as HTMLElement;
    expect(within(pajama).getByText('Event')).toBeInTheDocument();
    expect(within(pajama).queryByText('Important')).toBeNull();

    const resources = await screen.findByRole('region', { name: 'Resources' });
    const open = within(resources).getByRole('link', {
      // jsdom's name computation drops the space before the visually hidden part; browsers keep it.
      name: /^Open ?Supply list \(opens in a new tab\)$/,
    });
    expect(open).toHaveAttribute('href', '/resources/winter-supply-list.pdf');
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(within(resources).getByRole('link', { name: /^Download ?Supply list$/ })).toHaveAttribute(
      'download',
      'winter-supply-list.pdf',
    );
    expect(within(resources).getByRole('link', { name: /^Open ?Reading list/ })).toHaveAttribute(
      'href',
      'https://library.example/list',
    );
    expect(within(resources).queryByRole('link', { name: /Download ?Reading list/ })).toBeNull();
    expect(within(resources).queryByRole('link', { name: /Sneaky/ })).toBeNull();
  });

  it('says plainly when none of the family’s children is enrolled in the session', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSession/2': () => jsonReply(200, WINTER),
      'GET /api/ClassSessionEnrollment': () => jsonReply(200, []),
    });
    renderSession('2');

    const panel = await screen.findByRole('region', {
      name: 'None of your children are enrolled in this session',
    });
    expect(within(panel).getByRole('link', { name: 'About this session' })).toHaveAttribute(
      'href',
      '/sessions/2',
    );
    expect(within(panel).getByRole('link', { name: 'Back to My sessions' })).toHaveAttribute(
      'href',
      '/dashboard/sessions',
    );
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
  });

  it('tells a family awaiting payment that the announcements come once they have paid', async () => {
    serveApi(fetchMock, {
      'GET /api/ClassSession/2': () => jsonReply(200, WINTER),
      'GET /api/ClassSessionEnrollment': () =>
        jsonReply(200, [
          enrollment({
            classSession: WINTER_SUMMARY,
            status: 'PendingPayment',
            holdExpiresAt: '2099-01-01T00:00:00Z',
          }),
        ]),
    });
    renderSession('2');

    const panel = await screen.findByRole('region', {
      name: 'Announcements and resources appear once you have paid',
    });
    expect(within(panel).getByRole('link', { name: 'Finish paying in Billing' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
  });

  it('shows “not found” for an id that is not a number, without asking the API', async () => {
    renderSession('abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows “not found” for a session the API does not know', async () => {
    serveApi(fetchMock, { 'GET /api/ClassSessionEnrollment': () => jsonReply(200, []) });
    renderSession('999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We couldn’t find that session' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My sessions' })).toHaveAttribute(
      'href',
      '/dashboard/sessions',
    );
  });
});

describe('one of my sessions in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows the dates, the children with their status and the withdraw button, announcements and resources', async () => {
    await i18n.changeLanguage('es');
    const running = classSessionFixture({
      id: 2,
      name: 'Winter Morning Session',
      sessionStartDate: '2099-01-12',
      sessionEndDate: '2099-03-27',
    });
    serveApi(fetchMock, {
      'GET /api/ClassSession/2': () => jsonReply(200, running),
      'GET /api/ClassSessionEnrollment': () => jsonReply(200, [enrollment({ classSession: WINTER_SUMMARY })]),
      'GET /api/Announcement/ClassSession/2': () =>
        jsonReply(200, [announcement({ id: 1, title: 'Welcome!', priority: 2, category: 'Event' })]),
      'GET /api/ClassSession/2/Resources': () =>
        jsonReply(200, [
          resource({ id: 1, name: 'Supply list' }),
          resource({ id: 3, name: 'Sneaky', type: 'Link', url: 'javascript:alert(1)', fileName: null }),
        ]),
    });
    renderSession('2');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Winter Morning Session' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Mis sesiones' })).toHaveAttribute(
      'href',
      '/dashboard/sessions',
    );
    expect(screen.getByText('Fechas')).toBeInTheDocument();
    expect(screen.getByText('12 ene – 27 mar 2099')).toBeInTheDocument();
    expect(screen.getByText('Horario')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Detalles y políticas de la sesión' })).toHaveAttribute(
      'href',
      '/sessions/2',
    );
    const children = await screen.findByRole('region', { name: 'Sus hijos en esta sesión' });
    expect(await within(children).findByText('Inscripción confirmada')).toBeInTheDocument();
    expect(within(children).getByRole('button', { name: 'Dar de baja a Maya' })).toBeInTheDocument();

    const news = await screen.findByRole('region', { name: 'Avisos' });
    const welcome = (await within(news).findByRole('heading', { name: 'Welcome!' })).closest(
      'li',
    ) as HTMLElement;
    expect(within(welcome).getByText('Importante')).toBeInTheDocument();
    expect(within(welcome).getByText('Event')).toBeInTheDocument();
    expect(welcome).toHaveTextContent('2 ene 2099');

    const resources = await screen.findByRole('region', { name: 'Recursos' });
    expect(within(resources).getByText('Documento')).toBeInTheDocument();
    expect(within(resources).getByText('Enlace')).toBeInTheDocument();
    expect(
      within(resources).getByRole('link', { name: /^Abrir ?Supply list \(se abre en una pestaña nueva\)$/ }),
    ).toHaveAttribute('target', '_blank');
    expect(within(resources).getByRole('link', { name: /^Descargar ?Supply list$/ })).toBeInTheDocument();
    expect(
      within(resources).getByText(
        'El enlace de este recurso no está disponible. Por favor, consulte con el maestro.',
      ),
    ).toBeInTheDocument();

    for (const english of ['Dates', 'Schedule', 'Announcements', 'Resources', 'Important', 'Enrolled'])
      expect(screen.queryByText(english)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw Maya' })).toBeNull();
  });

  it('tells a family awaiting payment, in Spanish, that the announcements come once they have paid', async () => {
    await i18n.changeLanguage('es');
    serveApi(fetchMock, {
      'GET /api/ClassSession/2': () => jsonReply(200, WINTER),
      'GET /api/ClassSessionEnrollment': () =>
        jsonReply(200, [
          enrollment({
            classSession: WINTER_SUMMARY,
            status: 'PendingPayment',
            holdExpiresAt: '2099-01-01T00:00:00Z',
          }),
        ]),
    });
    renderSession('2');

    const panel = await screen.findByRole('region', {
      name: 'Los avisos y recursos aparecerán cuando haya pagado',
    });
    expect(within(panel).getByRole('link', { name: 'Terminar de pagar en Pagos' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
    expect(within(panel).getByRole('link', { name: 'Volver a Mis sesiones' })).toHaveAttribute(
      'href',
      '/dashboard/sessions',
    );
  });

  it('says “not found” in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderSession('abc');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos esa sesión' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Puede que el enlace tenga un error o que la sesión ya no exista.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('We couldn’t find that session')).toBeNull();
  });
});
