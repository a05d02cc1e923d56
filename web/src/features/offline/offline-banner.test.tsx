/**
 * The offline state (issue 25): the banner comes with the browser's `offline` event and goes with `online`,
 * in English and Spanish; back online, a read that failed is sent again; a page whose reads found nothing
 * saved shows the friendly offline page instead of its failures, and itself once they answer.
 */
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderPage } from '../testing/render-page';
import { OfflineBanner } from './offline-banner';
import { OfflineFallback } from './offline-fallback';

const ENGLISH =
  'You’re offline. You’re seeing what this device saved the last time; changes can’t be sent until you’re back online.';
const SPANISH =
  'Estás sin conexión. Ves lo que este dispositivo guardó la última vez; los cambios no se pueden enviar hasta que vuelvas a tener conexión.';

let onLine: MockInstance<() => boolean>;

/** The browser's connection changes, as the browser tells the page: `navigator.onLine` and its event. */
function goOffline() {
  onLine.mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}
function goOnline() {
  onLine.mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

beforeEach(() => {
  onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(async () => {
  onLine.mockRestore();
  await i18n.changeLanguage('en');
});

describe('the offline banner', () => {
  it('shows while the browser is offline, as a polite status, and goes when it is back online', () => {
    renderPage(<OfflineBanner />, { path: '/dashboard' });
    expect(screen.queryByRole('status')).toBeNull();

    goOffline();
    const banner = screen.getByRole('status');
    expect(banner).toHaveAttribute('aria-live', 'polite');
    expect(banner).toHaveTextContent(ENGLISH);

    goOnline();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(ENGLISH)).toBeNull();
  });

  it('says it in Spanish for a Spanish reader', async () => {
    await i18n.changeLanguage('es');
    renderPage(<OfflineBanner />, { path: '/dashboard' });
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent(SPANISH);
    goOnline();
    expect(screen.queryByText(SPANISH)).toBeNull();
  });

  it('starts on when the page opens offline', () => {
    onLine.mockReturnValue(false);
    renderPage(<OfflineBanner />, { path: '/staff' });
    expect(screen.getByRole('status')).toHaveTextContent(ENGLISH);
  });
});

/** A page with one read: it fails without an answer until `answer` is set. */
function pageWithOneRead() {
  const state = { answer: null as string | null, calls: 0 };
  function Page() {
    const children = useQuery({
      queryKey: ['children'],
      queryFn: async () => {
        state.calls += 1;
        if (state.answer === null) throw new TypeError('Failed to fetch');
        return state.answer;
      },
    });
    return <h1>{children.data ?? 'Could not load your children'}</h1>;
  }
  const shell = (
    <>
      <OfflineBanner />
      <OfflineFallback>
        <Page />
      </OfflineFallback>
    </>
  );
  return { state, shell };
}

describe('a page never saved on this device, opened offline', () => {
  it('shows the offline page instead of its failures, then the page once back online', async () => {
    onLine.mockReturnValue(false);
    const { state, shell } = pageWithOneRead();
    renderPage(shell, { path: '/dashboard/my-students' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page isn’t saved on this device yet' }),
    ).toBeVisible();
    expect(screen.getByText('Could not load your children')).not.toBeVisible();

    state.answer = 'Maya and Leo';
    goOnline();
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya and Leo' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'This page isn’t saved on this device yet' })).toBeNull();
    expect(state.calls).toBe(2);
  });

  it('tries the page’s reads again from the offline page’s button', async () => {
    onLine.mockReturnValue(false);
    const { state, shell } = pageWithOneRead();
    renderPage(shell, { path: '/staff/sessions' });
    const again = await screen.findByRole('button', { name: 'Try again' });
    fireEvent.click(again);
    await vi.waitFor(() => expect(state.calls).toBe(2));
    // Still offline and still nothing saved: still the offline page, not a broken one.
    expect(
      await screen.findByRole('heading', { name: 'This page isn’t saved on this device yet' }),
    ).toBeVisible();
  });

  it('online, a failed read is the page’s own business: no offline page', async () => {
    const { shell } = pageWithOneRead();
    renderPage(shell, { path: '/dashboard/my-students' });
    expect(await screen.findByRole('heading', { name: 'Could not load your children' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'This page isn’t saved on this device yet' })).toBeNull();
  });
});
