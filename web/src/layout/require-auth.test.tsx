import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { endSession, getToken, setToken } from '../lib/auth-token';
import { RequireAuth } from './require-auth';

function tokenExpiringAt(exp: number): string {
  const payload = btoa(JSON.stringify({ sub: '1', given_name: 'Ana', exp })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A stand-in login page that shows what the guard handed over. */
function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return (
    <div>
      <h1>Login</h1>
      <p data-testid="redirect">{new URLSearchParams(location.search).get('redirect')}</p>
      <p data-testid="from">{from ? `${from.pathname}${from.search}` : 'none'}</p>
    </div>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginProbe /> },
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard/billing', element: <h1>Billing</h1> }],
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('RequireAuth (spec §2 Guard)', () => {
  it('sends a visitor without a token to /login, remembering the page as state and ?redirect=', async () => {
    const router = renderAt('/dashboard/billing?year=2024');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('redirect')).toHaveTextContent('/dashboard/billing?year=2024');
    expect(screen.getByTestId('from')).toHaveTextContent('/dashboard/billing?year=2024');
    expect(screen.queryByRole('heading', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('sends a parent whose token has expired to /login and forgets the dead token', async () => {
    setToken(tokenExpiringAt(nowSeconds() - 60));
    renderAt('/dashboard/billing');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('redirect')).toHaveTextContent('/dashboard/billing');
    expect(getToken()).toBeNull();
  });

  it('sends a parent with an unreadable token to /login', async () => {
    setToken('not-a-jwt');
    renderAt('/dashboard/billing');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('lets a parent with an unexpired token through to the page', async () => {
    setToken(tokenExpiringAt(nowSeconds() + 3600));
    const router = renderAt('/dashboard/billing');
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/billing');
  });

  it('sends the parent to /login, remembering the page, the moment the API ends the session', async () => {
    setToken(tokenExpiringAt(nowSeconds() + 3600));
    const router = renderAt('/dashboard/billing');
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    act(() => endSession());
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByTestId('from')).toHaveTextContent('/dashboard/billing');
  });
});
