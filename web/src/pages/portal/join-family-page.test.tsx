import type { InvitationPreview } from '@lc/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import JoinFamilyPage from './join-family-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const TOKEN = 'a'.repeat(43);
const PREVIEW: InvitationPreview = {
  invitedBy: 'Imani',
  childNames: ['Zuri', 'Tobi'],
  parentNames: ['Imani'],
  expiresAt: '2026-12-01T20:00:00.000Z',
  alreadyInFamily: false,
};
const EXPIRED =
  'This invitation link has expired or was already used. Ask the parent who invited you to send a new one from their Student Portal.';

/** The preview (or `previewReply`) and a successful accept. */
function serve(previewReply: (init?: RequestInit) => Response = () => jsonReply(200, PREVIEW)) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/Family/Invitation/Preview') return previewReply(init);
    if (url === '/api/Family/Invitation/Accept') return jsonReply(200, {});
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

const renderJoin = () =>
  renderPage(<JoinFamilyPage />, {
    path: `/dashboard/family/join/${TOKEN}`,
    pattern: '/dashboard/family/join/:token',
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('join your family’s portal', () => {
  it('says who invited you and for which children, then shares the family', async () => {
    serve();
    const { router } = renderJoin();
    const invited = await screen.findByText(/invited you to share the Student Portal for/);
    expect(invited).toHaveTextContent('Imani invited you to share the Student Portal for Zuri and Tobi.');
    fireEvent.click(screen.getByRole('button', { name: 'Accept and share' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-students'));
    expect(await screen.findByText('You now share the portal for Zuri and Tobi.')).toBeInTheDocument();
  });
});

describe('join your family’s portal in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish, and confirms in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve();
    const { router } = renderJoin();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Únase al portal de su familia' }),
    ).toBeInTheDocument();
    const invited = await screen.findByText(/le invitó a compartir el Portal de familias de/);
    expect(invited).toHaveTextContent('Imani le invitó a compartir el Portal de familias de Zuri y Tobi.');
    expect(invited.querySelectorAll('strong')).toHaveLength(2);
    expect(screen.getByText(/^Cuando acepte, usted y Imani verán y administrarán/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ahora no' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(/invited you/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Aceptar y compartir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-students'));
    expect(await screen.findByText('Ahora comparte el portal de Zuri y Tobi.')).toBeInTheDocument();
  });

  it('explains in Spanish a link that cannot be used', async () => {
    await i18n.changeLanguage('es');
    serve((init) => errorReply(init, 410, 'family.invitation.gone'));
    renderJoin();

    const said = await screen.findByText(/^Este enlace de invitación ya venció o ya se usó\./);
    const alert = said.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Esta invitación no se puede usar');
    expect(screen.getByRole('link', { name: 'Ir a su portal' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });
});
