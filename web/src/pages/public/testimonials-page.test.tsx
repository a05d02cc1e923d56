import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import TestimonialsPage from './testimonials-page.tsx';

describe('testimonials page', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('keeps the spec’s English heading and title', async () => {
    renderPage(<TestimonialsPage />, { path: '/testimonials' });
    expect(screen.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'We asked families what a Bright Oak morning means to them. Here is what they told us, in their own words.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Testimonials · Bright Oak Learning Center'));
  });

  it('speaks Spanish (issue 14)', async () => {
    await i18n.changeLanguage('es');
    renderPage(<TestimonialsPage />, { path: '/testimonials' });
    expect(screen.getByRole('heading', { level: 1, name: 'Testimonios' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agende una visita' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Testimonios · Bright Oak Learning Center'));
    expect(screen.queryByText(/We asked families/)).not.toBeInTheDocument();
    expect(screen.queryByText('Browse sessions')).not.toBeInTheDocument();
  });
});
