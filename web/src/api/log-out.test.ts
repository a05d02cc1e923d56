import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/auth-token.ts';
import { logOut } from './auth.ts';

/**
 * Signing out (decision 016) also takes this browser's push subscription away with the person (decision 034):
 * the server forgets the device with this browser's endpoint and the browser unsubscribes, so a shared device
 * shows nobody's notifications afterwards.
 */
const TOKEN = 'header.eyJzaWQiOiJzMSIsInN1YiI6InUxIn0.signature';
const fetchMock = vi.fn<typeof fetch>();
const unsubscribe = vi.fn(async () => true);

function withSubscription(endpoint: string | null) {
  const pushManager = {
    getSubscription: async () => (endpoint ? { endpoint, unsubscribe } : null),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  unsubscribe.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url) =>
    String(url) === '/api/Push/Subscriptions'
      ? new Response(
          JSON.stringify({
            devices: [
              {
                id: 'd-other',
                endpoint: 'https://push.example/other',
                browser: 'Chrome',
                system: 'Android',
                created: '2026-12-01T10:00:00.000Z',
                lastSuccessAt: null,
              },
              {
                id: 'd-this',
                endpoint: 'https://push.example/this',
                browser: 'Safari',
                system: 'iOS',
                created: '2026-12-01T10:00:00.000Z',
                lastSuccessAt: null,
              },
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        )
      : new Response(null, { status: 204 }),
  );
  setToken(TOKEN);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('signing out', () => {
  it('removes this device’s push subscription on the server and in the browser, and ends the session', async () => {
    withSubscription('https://push.example/this');
    await logOut();
    expect(getToken()).toBeNull();
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(calls).toContain('DELETE /api/Push/Subscriptions/d-this');
    expect(calls).not.toContain('DELETE /api/Push/Subscriptions/d-other');
    expect(calls).toContain('POST /api/UserAuthentication/Logout');
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('asks nothing about push when this browser has no subscription', async () => {
    withSubscription(null);
    await logOut();
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(calls).toEqual(['POST /api/UserAuthentication/Logout']);
  });
});
