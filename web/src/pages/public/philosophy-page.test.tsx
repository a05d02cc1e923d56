import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../features/testing/render-page.tsx';
import { i18n } from '../../i18n/i18n.ts';
import PhilosophyPage from './philosophy-page.tsx';

describe('philosophy page in Spanish (issue 14)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('keeps the spec’s English buttons', () => {
    renderPage(<PhilosophyPage />, { path: '/our-philosophy' });
    expect(screen.getByRole('link', { name: 'Schedule a Tour' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse sessions' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    renderPage(<PhilosophyPage />, { path: '/our-philosophy' });
    expect(screen.getByRole('link', { name: 'Agende una visita' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vea las sesiones' })).toBeInTheDocument();
    expect(screen.queryByText('Browse sessions')).not.toBeInTheDocument();
    expect(screen.queryByText('Schedule a Tour')).not.toBeInTheDocument();
  });
});
