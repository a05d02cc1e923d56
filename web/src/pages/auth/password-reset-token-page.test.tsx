import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import PasswordResetTokenPage from './password-reset-token-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function fill(password: string, repeat: string) {
  fireEvent.input(screen.getByLabelText(/^new password/i), { target: { value: password } });
  fireEvent.input(screen.getByLabelText(/^repeat password/i), { target: { value: repeat } });
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
});
