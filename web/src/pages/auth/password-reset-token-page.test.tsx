import { PASSWORD_TOO_COMMON } from '@lc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorReply, jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import PasswordResetTokenPage from './password-reset-token-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const labels = { en: [/^new password/i, /^repeat password/i], es: [/^contraseña nueva/i, /^repita/i] };

function fill(password: string, repeat: string, language: 'en' | 'es' = 'en') {
  const [first, second] = labels[language] as [RegExp, RegExp];
  fireEvent.input(screen.getByLabelText(first), { target: { value: password } });
  fireEvent.input(screen.getByLabelText(second), { target: { value: repeat } });
}

describe('password reset with a token', () => {
  it('shows both mismatch messages on submit and sends nothing', async () => {
    renderPage(<PasswordResetTokenPage />, {
      path: '/password-reset/tok',
      pattern: '/password-reset/:token',
    });
    fill('long enough 1', 'long enough 2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Both passwords must match.')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changes the password and goes to /login', async () => {
    fetchMock.mockResolvedValue(jsonReply(204));
    const { router } = renderPage(<PasswordResetTokenPage />, {
      path: '/password-reset/tok',
      pattern: '/password-reset/:token',
    });
    fill('long enough 1', 'long enough 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password has been changed successfully. Please login.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/UserAuthentication/ResetPassword/tok');
  });

  it('says a dead link cannot be used, with a way to ask for a new one, and the toast', async () => {
    const dead = 'This password reset link has expired. Please ask for a new one.';
    fetchMock.mockResolvedValue(jsonReply(400, { error: 'Bad Request', message: dead, requestId: 'r' }));
    renderPage(<PasswordResetTokenPage />, {
      path: '/password-reset/tok',
      pattern: '/password-reset/:token',
    });
    fill('long enough 1', 'long enough 1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Failed to change password. Please try again.')).toBeInTheDocument();
    const alert = (await screen.findByText(dead)).closest('[role="alert"]');
    expect(alert).toHaveTextContent('This link cannot be used');
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
  });

  it.each([
    ['en' as const, 'This password is one of the most common passwords'],
    ['es' as const, 'Esta contraseña es una de las más comunes'],
  ])(
    'shows a refused common password beside its field, in %s, and stays on the page',
    async (language, text) => {
      await i18n.changeLanguage(language);
      // The server's 400, written in the language the page asked for.
      fetchMock.mockImplementation(async (_input, init) =>
        errorReply(init, 400, 'request.invalidFields', { fields: { password: PASSWORD_TOO_COMMON } }),
      );
      const { router } = renderPage(<PasswordResetTokenPage />, {
        path: '/password-reset/tok',
        pattern: '/password-reset/:token',
      });
      fill('qwertyuiop', 'qwertyuiop', language);
      fireEvent.click(
        screen.getByRole('button', { name: language === 'es' ? 'Cambiar la contraseña' : 'Change password' }),
      );

      const field = screen.getByLabelText(labels[language][0] as RegExp);
      await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining(text)));
      expect(router.state.location.pathname).toBe('/password-reset/tok');
      await i18n.changeLanguage('en');
    },
  );
});
