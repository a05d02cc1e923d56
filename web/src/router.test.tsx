import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setToken } from './lib/auth-token';
import { createQueryClient } from './lib/query-client';
import { appRoutes } from './router';

function renderApp(url: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

function validToken(givenName: string): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const payload = btoa(JSON.stringify({ sub: '1', given_name: givenName, exp })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

describe('app routes (spec §2)', () => {
  it('shows the 404 page with a Back home link for an unmatched path', async () => {
    const router = renderApp('/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Looks like you followed a bad link.' }),
    ).toBeInTheDocument();
    const backHome = screen.getByRole('link', { name: 'Back home' });
    expect(backHome).toHaveAttribute('href', '/');
    await act(async () => {
      fireEvent.click(backHome);
    });
    expect(router.state.location.pathname).toBe('/');
  });

  it.each(['/faq', '/frequently-asked-questions'])('serves the FAQ page at %s', async (url) => {
    renderApp(url);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeInTheDocument();
  });

  it('shows the site chrome around public pages: header links, Enroll Now and the footer', async () => {
    renderApp('/faq');
    await screen.findByRole('heading', { level: 1, name: 'Frequently Asked Questions' });
    const main = screen.getByRole('navigation', { name: 'Main' });
    const links = within(main).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Our Philosophy',
      'Testimonials',
      'FAQ',
      'Contact',
      'Student Portal',
    ]);
    expect(within(main).getByRole('link', { name: 'Student Portal' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getAllByRole('link', { name: 'Enroll Now' })[0]).toHaveAttribute('href', '/sessions');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024 Bright Oak Learning Center');
  });

  it('greets a signed-in parent by name on the portal home', async () => {
    setToken(validToken('Ana'));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'My students' })[0]).toHaveAttribute(
      'href',
      '/dashboard/my-students',
    );
  });

  it('guards every protected page, including the enroll form', async () => {
    const router = renderApp('/sessions/12/enroll');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/sessions/12/enroll')}`);
  });

  it('clears the session on /logout and goes to /login', async () => {
    setToken(validToken('Ana'));
    const router = renderApp('/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
