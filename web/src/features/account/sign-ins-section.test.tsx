import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { getToken, setToken } from '../../lib/auth-token.ts';
import DashboardPage from '../../pages/portal/dashboard-page.tsx';
import LogoutPage from '../../pages/public/logout-page.tsx';
import { serveApi } from '../portal-sessions/test-fixtures.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { SignInsSection } from './sign-ins-section.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** A token as the browser keeps it (only its claims are read here; the server checks the signature). */
function token(): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const payload = btoa(JSON.stringify({ sub: '1', sid: 's1', given_name: 'Rose', exp })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

const sentTo = (call: Parameters<typeof fetch> | undefined) => ({
  url: String(call?.[0]),
  method: call?.[1]?.method,
  authorization: new Headers(call?.[1]?.headers).get('authorization'),
});

describe('logging out', () => {
  it('ends the session on the server with the token it forgets, and goes to /login', async () => {
    const stored = token();
    setToken(stored);
    fetchMock.mockResolvedValue(jsonReply(204));
    const { router } = renderPage(<LogoutPage />, { path: '/logout' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(sentTo(fetchMock.mock.calls[0])).toEqual({
      url: '/api/UserAuthentication/Logout',
      method: 'POST',
      authorization: `Bearer ${stored}`,
    });
  });

  it('still forgets the token and goes to /login when the server cannot be reached', async () => {
    setToken(token());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { router } = renderPage(<LogoutPage />, { path: '/logout' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
  });
});

describe('log out everywhere', () => {
  it('is on the portal’s home', async () => {
    setToken(token());
    serveApi(fetchMock, {
      'GET /api/Student': () => jsonReply(200, []),
      'GET /api/Student/Trustees': () => jsonReply(200, []),
      'GET /api/ClassSessionEnrollment': () => jsonReply(200, []),
      'GET /api/ClassSessionEnrollment/Waitlist': () => jsonReply(200, []),
      'GET /api/Announcement': () => jsonReply(200, []),
    });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Where you are signed in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out everywhere' })).toBeInTheDocument();
  });

  it('says it ends this session too, ends every session on the server, forgets the token and goes to /login', async () => {
    const stored = token();
    setToken(stored);
    fetchMock.mockResolvedValue(jsonReply(204));
    const { router } = renderPage(<SignInsSection />, { path: '/dashboard' });
    expect(screen.getByText(/on this device too/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(getToken()).toBeNull();
    expect(sentTo(fetchMock.mock.calls[0])).toEqual({
      url: '/api/UserAuthentication/LogoutEverywhere',
      method: 'POST',
      authorization: `Bearer ${stored}`,
    });
    expect(
      await screen.findByText('You are logged out everywhere. Please sign in again.'),
    ).toBeInTheDocument();
  });

  it('is in Spanish on a Spanish page', async () => {
    await i18n.changeLanguage('es');
    setToken(token());
    fetchMock.mockResolvedValue(jsonReply(204));
    const { router } = renderPage(<SignInsSection />, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Dónde tiene la sesión abierta' })).toBeInTheDocument();
    expect(screen.getByText(/también en este dispositivo/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión en todas partes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps the parent signed in and says so when the server refuses', async () => {
    const stored = token();
    setToken(stored);
    fetchMock.mockResolvedValue(jsonReply(500, { error: 'x', message: 'x', requestId: 'r' }));
    const { router } = renderPage(<SignInsSection />, { path: '/dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Log out everywhere' }));
    expect(
      await screen.findByText('We could not log you out everywhere. Please try again.'),
    ).toBeInTheDocument();
    expect(getToken()).toBe(stored);
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
