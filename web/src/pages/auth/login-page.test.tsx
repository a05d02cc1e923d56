import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { getToken } from '../../lib/auth-token.ts';
import LoginPage from './login-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function fill(email: string, password: string) {
  fireEvent.input(screen.getByLabelText(/^email address/i), { target: { value: email } });
  fireEvent.input(screen.getByLabelText(/^password/i), { target: { value: password } });
}

describe('login page', () => {
  it('shows the spec messages for an invalid email and a missing password once touched', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    const email = screen.getByLabelText(/^email address/i);
    fireEvent.input(email, { target: { value: 'not-an-email' } });
    fireEvent.blur(email);
    const password = screen.getByLabelText(/^password/i);
    fireEvent.focus(password);
    fireEvent.blur(password);

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(await screen.findByText('Please specify your password')).toBeInTheDocument();
  });

  it('stores the token and returns to the requested page', async () => {
    fetchMock.mockResolvedValue(
      new Response('a.b.c', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    const { router } = renderPage(<LoginPage />, {
      path: '/login?redirect=%2Fsessions%2F3%2Fenroll',
      pattern: '/login',
    });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fsessions%2F3%2Fenroll',
    );
    fill('Parent@Example.com', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Logged in successfully.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sessions/3/enroll'));
    expect(getToken()).toBe('a.b.c');
  });

  it('never follows a redirect to another site', async () => {
    fetchMock.mockResolvedValue(
      new Response('a.b.c', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    const { router } = renderPage(<LoginPage />, {
      path: '/login?redirect=//evil.example',
      pattern: '/login',
    });
    fill('parent@example.com', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('says login failed and lets the parent try again', async () => {
    fetchMock.mockResolvedValue(jsonReply(401, { error: 'Unauthorized', message: 'x', requestId: 'r' }));
    renderPage(<LoginPage />, { path: '/login' });
    fill('parent@example.com', 'wrong password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByText('Failed to login. Please check your credentials and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(getToken()).toBeNull();
    expect(screen.queryByText('x')).not.toBeInTheDocument();
  });

  it('also says how long to wait after too many tries, in an alert on the page', async () => {
    const wait = 'Too many attempts. Please try again in 15 minutes.';
    fetchMock.mockResolvedValue(
      jsonReply(429, { error: 'Too Many Requests', message: wait, requestId: 'r' }),
    );
    renderPage(<LoginPage />, { path: '/login' });
    fill('parent@example.com', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByText('Failed to login. Please check your credentials and try again.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent === wait)).toBe(true),
    );
  });
});
