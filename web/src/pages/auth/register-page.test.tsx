import { registerPrefillQuery } from '@lc/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import RegisterPage from './register-page.tsx';

describe('register page', () => {
  it('opens filled in from an inbox invitation (after #), so the family does not retype their details', () => {
    const prefill = { firstName: 'Priya', lastName: 'Raman Iyer', email: 'priya+kavi@example.com' };
    renderPage(<RegisterPage />, {
      path: `/register#${registerPrefillQuery(prefill)}`,
      pattern: '/register',
    });
    expect(screen.getByLabelText(/^first name/i)).toHaveValue('Priya');
    expect(screen.getByLabelText(/^last name/i)).toHaveValue('Raman Iyer');
    expect(screen.getByLabelText(/^email address/i)).toHaveValue('priya+kavi@example.com');
    expect(screen.getByLabelText(/^password/i)).toHaveValue('');
  });

  it('starts empty without an invitation', () => {
    renderPage(<RegisterPage />, { path: '/register?redirect=%2Fsessions', pattern: '/register' });
    expect(screen.getByLabelText(/^first name/i)).toHaveValue('');
    expect(screen.getByLabelText(/^email address/i)).toHaveValue('');
  });
});

describe('register page when the center refuses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says so in a toast, and an address already in use by its field, with focus there', async () => {
    const taken = 'An account already uses this email address.';
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        jsonReply(409, {
          error: 'Conflict',
          message: taken,
          fields: { emailAddress: taken },
          requestId: 'r',
        }),
      ),
    );
    renderPage(<RegisterPage />, { path: '/register', pattern: '/register' });
    fireEvent.input(screen.getByLabelText(/^first name/i), { target: { value: 'Ana' } });
    fireEvent.input(screen.getByLabelText(/^last name/i), { target: { value: 'Ruiz' } });
    fireEvent.input(screen.getByLabelText(/^email address/i), { target: { value: 'ana@example.com' } });
    fireEvent.input(screen.getByLabelText(/^password/i), { target: { value: 'long enough 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByText('Failed to create your account. Please try again.')).toBeInTheDocument();
    const email = screen.getByLabelText(/^email address/i);
    await waitFor(() => expect(email).toHaveAccessibleDescription(taken));
    expect(email).toHaveFocus();
  });
});

describe('register page in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish, and says what to fix by each field, with focus on the first', async () => {
    await i18n.changeLanguage('es');
    renderPage(<RegisterPage />, { path: '/register', pattern: '/register' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cree su cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'términos y condiciones' })).toHaveAttribute(
      'href',
      '/terms-and-conditions',
    );
    fireEvent.input(screen.getByLabelText(/^correo electrónico/i), { target: { value: 'ana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear mi cuenta' }));

    expect(await screen.findByText('Escriba su nombre')).toBeInTheDocument();
    expect(screen.getByText('Escriba su apellido')).toBeInTheDocument();
    expect(screen.getByText('Escriba un correo electrónico válido')).toBeInTheDocument();
    expect(screen.getByText('La contraseña debe tener al menos 8 caracteres')).toBeInTheDocument();
    expect(screen.getByLabelText(/^nombre/i)).toHaveFocus();
    expect(screen.queryByText('Please specify your first name')).not.toBeInTheDocument();
  });
});
