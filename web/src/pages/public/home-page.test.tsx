import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import HomePage from './home-page.tsx';

describe('home page', () => {
  it('keeps the spec’s English headings', () => {
    renderPage(<HomePage />, { path: '/' });
    expect(screen.getByRole('heading', { level: 2, name: 'Our Philosophy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What parents say' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Our belief' })).toBeInTheDocument();
    expect(screen.getByText(/ · Waitlist only$/)).toBeInTheDocument();
  });
});

describe('home page in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    renderPage(<HomePage />, { path: '/' });
    expect(screen.getByRole('heading', { level: 2, name: 'Nuestra filosofía' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lo que dicen las familias' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Lo que creemos' })).toBeInTheDocument();
    expect(screen.getByText(/ · Solo con lista de espera$/)).toBeInTheDocument();
    expect(screen.queryByText('What parents say')).not.toBeInTheDocument();
    expect(screen.queryByText(/Waitlist only/)).not.toBeInTheDocument();
  });
});
