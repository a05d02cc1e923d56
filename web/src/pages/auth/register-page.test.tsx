import { registerPrefillQuery } from '@lc/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../features/testing/render-page.tsx';
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
