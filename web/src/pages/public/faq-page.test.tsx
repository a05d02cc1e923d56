import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { site } from '../../content/site.ts';
import { renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import FaqPage from './faq-page.tsx';

describe('FAQ page', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('keeps the spec’s English texts, links included', () => {
    renderPage(<FaqPage />, { path: '/faq' });
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeInTheDocument();
    const sentence = screen.getByText(/^Still wondering about something\?/);
    expect(sentence).toHaveTextContent(
      `Still wondering about something? Send us a message, call ${site.phone} or schedule a tour.`,
      { normalizeWhitespace: false },
    );
    expect(screen.getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', site.phoneHref);
    expect(screen.getByRole('link', { name: 'schedule a tour' })).toHaveAttribute(
      'href',
      '/contact?tour=true',
    );
  });

  it('speaks Spanish (issue 14)', async () => {
    await i18n.changeLanguage('es');
    renderPage(<FaqPage />, { path: '/faq' });
    expect(screen.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeInTheDocument();
    // A Spanish page links to the Spanish addresses (issue 14).
    expect(screen.getByRole('link', { name: 'Envíenos un mensaje' })).toHaveAttribute('href', '/es/contact');
    expect(screen.getByRole('link', { name: site.phone })).toHaveAttribute('href', site.phoneHref);
    expect(screen.getByRole('link', { name: 'agende una visita' })).toHaveAttribute(
      'href',
      '/es/contact?tour=true',
    );
    expect(screen.queryByText(/Still wondering/)).not.toBeInTheDocument();
    expect(screen.queryByText('Frequently Asked Questions')).not.toBeInTheDocument();
  });
});
