import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n.ts';
import { jsonReply, renderPage } from '../testing/render-page.tsx';
import { ThisDeviceSection } from './this-device-section.tsx';

/**
 * "This device" (issue 25 "On the phone"): a browser without push says so and offers no button; an iPhone
 * outside the Home Screen app is told to add it first; permission is asked only on the click, then the
 * browser subscribes through the service worker with the server's VAPID key and the subscription is posted;
 * a refused permission is said plainly. The browser's PushManager is stubbed (jsdom has none); the API is a
 * stubbed fetch that answers as the server does.
 */
const PUBLIC_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc123';
const subscriptionJson = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
};
const device = {
  id: '7b0c1a52-5d0e-4c39-9d1e-0a4c1c9b7f11',
  browser: 'Chrome',
  system: 'Android',
  created: '2026-11-23T16:45:00.000Z',
  lastSuccessAt: null,
  endpoint: ENDPOINT,
};

const fetchMock = vi.fn<typeof fetch>();
let devices: (typeof device)[] = [];
const posted: unknown[] = [];
const originalUserAgent = navigator.userAgent;

beforeEach(() => {
  devices = [];
  posted.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/Push/Key') return jsonReply(200, { publicKey: PUBLIC_KEY });
    if (url === '/api/Push/Subscriptions' && init?.method === 'POST') {
      posted.push(JSON.parse(String(init.body)));
      devices = [device];
      return jsonReply(201, device);
    }
    if (url === '/api/Push/Subscriptions') return jsonReply(200, { devices });
    return jsonReply(404, { error: 'Not Found', message: 'Not found.', requestId: 'r' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  Object.defineProperty(navigator, 'userAgent', { value: originalUserAgent, configurable: true });
  Reflect.deleteProperty(navigator, 'serviceWorker');
  await act(() => i18n.changeLanguage('en'));
});

/** A browser with push: a Notification whose prompt answers `answer`, and a service worker's PushManager. */
function stubPushBrowser(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  let current: { endpoint: string; options: { applicationServerKey: ArrayBuffer }; toJSON(): object } | null =
    null;
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: options.applicationServerKey.buffer as ArrayBuffer },
      toJSON: () => subscriptionJson,
    };
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  return { requestPermission, subscribe };
}

const renderSection = () => renderPage(<ThisDeviceSection />, { path: '/dashboard/notifications' });

describe('This device', () => {
  it('says a browser without push cannot, and offers no button', async () => {
    renderSection();
    expect(await screen.findByText('This browser can’t show notifications')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
    expect(await screen.findByText(/None yet/)).toBeVisible();
  });

  it('tells an iPhone in a Safari tab to add the app to the Home Screen first, in Spanish too', async () => {
    Object.defineProperty(navigator, 'userAgent', {
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      configurable: true,
    });
    renderSection();
    expect(
      await screen.findByText(
        'On iPhone, add Bright Oak to your Home Screen first (Share → Add to Home Screen), then open it from there.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Turn on notifications/ })).toBeNull();
    await act(() => i18n.changeLanguage('es'));
    expect(await screen.findByText(/primero añada Bright Oak a su pantalla de inicio/)).toBeVisible();
  });

  it('asks permission only on the click, subscribes with the server’s key and posts the subscription', async () => {
    const browser = stubPushBrowser('granted');
    renderSection();
    const button = await screen.findByRole('button', { name: 'Turn on notifications on this device' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    fireEvent.click(button);
    await waitFor(() => expect(posted).toEqual([subscriptionJson]));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0] as {
      userVisibleOnly: boolean;
      applicationServerKey: Uint8Array;
    };
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(PUBLIC_KEY);
    expect(await screen.findByText('Chrome on Android · this device')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Chrome on Android' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send a test' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
  });

  it('says so when the person refuses, and posts nothing', async () => {
    const browser = stubPushBrowser('denied');
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on notifications on this device' }));
    await waitFor(() => expect(browser.requestPermission).toHaveBeenCalled());
    expect(await screen.findByText('Notifications are blocked')).toBeVisible();
    expect(screen.getByText(/Allow them in the browser’s site settings/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this device' })).toBeNull();
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(posted).toEqual([]);
  });
});
