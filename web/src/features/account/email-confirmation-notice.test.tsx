import type { Account } from '@lc/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { EmailConfirmationNotice } from './email-confirmation-notice.tsx';

const fetchMock = vi.fn<typeof fetch>();

const ACCOUNT: Account = {
  id: 'u1',
  type: 'Parent',
  firstName: 'Ana',
  lastName: 'Ruiz',
  emailAddress: 'ana@example.com',
  emailConfirmed: false,
  language: 'es',
};

function serve(account: Account = ACCOUNT) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/UserAuthentication/Me') return jsonReply(200, account);
    if (key === 'POST /api/UserAuthentication/ConfirmEmail') return jsonReply(204);
    return jsonReply(404, { error: 'Not Found', message: 'Not found', requestId: 'r' });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the email confirmation notice', () => {
  it('asks to confirm the address, and sends a new link', async () => {
    serve();
    renderPage(<EmailConfirmationNotice />, { path: '/dashboard' });
    expect(await screen.findByText('Please confirm your email address')).toBeInTheDocument();
    expect(screen.getByText(/^We sent a link to/)).toHaveTextContent(
      'We sent a link to ana@example.com. Confirming it lets us reach you about sessions, pickups and receipts.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(
      await screen.findByText('A new confirmation link is on its way to ana@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link sent — check your inbox' })).toBeDisabled();
  });

  it('shows nothing once the address is confirmed', async () => {
    serve({ ...ACCOUNT, emailConfirmed: true });
    const { container } = renderPage(<EmailConfirmationNotice />, { path: '/dashboard' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container).not.toHaveTextContent('confirm your email');
  });
});

describe('the email confirmation notice in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish, with the address in bold, and confirms the new link in Spanish', async () => {
    await i18n.changeLanguage('es');
    serve();
    renderPage(<EmailConfirmationNotice />, { path: '/dashboard' });

    expect(await screen.findByText('Por favor, confirme su correo electrónico')).toBeInTheDocument();
    const body = screen.getByText(/^Le enviamos un enlace a/);
    expect(body).toHaveTextContent(
      'Le enviamos un enlace a ana@example.com. Al confirmarlo, podremos avisarle sobre sesiones, recogidas y recibos.',
    );
    expect(body.querySelector('strong')).toHaveTextContent('ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Enviar un enlace nuevo' }));
    expect(
      await screen.findByText('Un nuevo enlace de confirmación va en camino a ana@example.com.'),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Enlace enviado — revise su bandeja de entrada' }),
    ).toBeDisabled();
    expect(screen.queryByText('Send a new link')).not.toBeInTheDocument();
  });
});
