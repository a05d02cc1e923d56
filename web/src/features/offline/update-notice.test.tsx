/** The "new version" notice (issue 25): polite, in the reader's language, and "Reload" switches versions. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderPage } from '../testing/render-page';
import { showUpdateNotice } from './update-notice';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the new-version notice', () => {
  it('says a new version is ready and reloads only when asked', async () => {
    renderPage(<p>Today</p>, { path: '/staff' });
    const reload = vi.fn();
    act(() => showUpdateNotice(reload));
    expect(await screen.findByText('A new version is ready')).toBeVisible();
    expect(screen.getByText('Reload to use it; it only takes a moment.')).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('speaks Spanish to a Spanish reader', async () => {
    await i18n.changeLanguage('es');
    renderPage(<p>Hoy</p>, { path: '/dashboard' });
    act(() => showUpdateNotice(() => {}));
    expect(await screen.findByText('Hay una versión nueva lista')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Volver a cargar' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cerrar el mensaje' })).toBeVisible();
  });
});
