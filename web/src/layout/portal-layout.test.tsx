import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../features/testing/render-page.tsx';
import { i18n } from '../i18n/i18n.ts';
import { PortalLayout, portalLinks } from './portal-layout.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  // The email reminder asks for the account; a confirmed one shows nothing. Nothing is unread.
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/Messages/Unread'
      ? jsonReply(200, { unread: 0 })
      : jsonReply(200, { emailConfirmed: true, emailAddress: 'a@b.example' }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

function sectionNames() {
  const nav = screen.getByRole('navigation');
  return {
    nav,
    names: within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent),
  };
}

describe('the Student Portal’s section bar', () => {
  it('names the sections in English, as portalLinks does', () => {
    renderPage(<PortalLayout />, { path: '/dashboard' });
    const { nav, names } = sectionNames();
    expect(nav).toHaveAccessibleName('Student portal');
    expect(names).toEqual(portalLinks.map((link) => link.label));
  });

  it('names the sections in Spanish (issue 14), to the same places', async () => {
    await i18n.changeLanguage('es');
    renderPage(<PortalLayout />, { path: '/dashboard' });
    const { nav, names } = sectionNames();
    expect(nav).toHaveAccessibleName('Portal de familias');
    expect(names).toEqual([
      'Inicio',
      'Mis hijos',
      'Contactos de emergencia',
      'Mis sesiones',
      'Asistencia',
      'Pagos',
      'Compartir el portal',
      'Mensajes',
      'Cerrar sesión',
    ]);
    expect(within(nav).getByRole('link', { name: 'Pagos' })).toHaveAttribute('href', '/dashboard/billing');
    expect(within(nav).queryByRole('link', { name: 'Billing' })).toBeNull();
  });

  it('counts the center’s unread messages on “Messages”, saying the number in the link’s name (issue 25)', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input) === '/api/Messages/Unread'
        ? jsonReply(200, { unread: 2 })
        : jsonReply(200, { emailConfirmed: true, emailAddress: 'a@b.example' }),
    );
    renderPage(<PortalLayout />, { path: '/dashboard' });
    const link = await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(link).toHaveAttribute('href', '/dashboard/messages');
    expect(link).toHaveTextContent('Messages2');

    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('link', { name: 'Mensajes, 2 sin leer' })).toBeInTheDocument();
  });
});
