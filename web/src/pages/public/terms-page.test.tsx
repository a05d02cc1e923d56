import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { site } from '../../content/site.ts';
import { renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import TermsPage from './terms-page.tsx';

describe('terms page', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('keeps the spec’s English contact lines', () => {
    renderPage(<TermsPage />, { path: '/terms-and-conditions' });
    expect(screen.getByText(/^Phone:/)).toHaveTextContent(`Phone: ${site.phone}`, {
      normalizeWhitespace: false,
    });
    expect(screen.getByText(/^Email:/)).toHaveTextContent(`Email: ${site.email}`, {
      normalizeWhitespace: false,
    });
  });

  it('speaks Spanish (issue 14)', async () => {
    await i18n.changeLanguage('es');
    renderPage(<TermsPage />, { path: '/terms-and-conditions' });
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent(/Terms/);
    expect(screen.getByText(/^Teléfono:/)).toHaveTextContent(`Teléfono: ${site.phone}`);
    expect(screen.getByText(/^Correo electrónico:/)).toHaveTextContent(`Correo electrónico: ${site.email}`);
    expect(screen.queryByText(/^Phone:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Email:/)).not.toBeInTheDocument();
  });
});
