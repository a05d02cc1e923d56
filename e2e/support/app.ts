/**
 * Helpers for driving the site: open a page and wait until its lazily loaded code has arrived, read the
 * demo sessions from the API, and build session tokens for the route guard.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** The demo sessions (loaded into every fresh test database) by the names the seed gives them. */
export const DEMO_SESSIONS = {
  fall: 'Fall Morning Session',
  winter: 'Winter Morning Session',
  spring: 'Spring Morning Session',
  summer: 'Summer Discovery Camp',
  scientists: 'Little Scientists (Tuesday & Thursday)',
  preK: 'Pre-K Readiness Mornings',
  tutoring: 'One-on-One & Small-Group Tutoring',
} as const;

export type ApiClassSession = {
  id: number;
  name: string;
  registrationPrice: number;
  supplyFee: number;
  seatsLeft: number;
  registrationState: string;
  expectationPolicy: { name: string } | null;
  dismissalPolicy: { name: string } | null;
  latePickupPolicy: { name: string } | null;
};

/** The public catalogue, straight from the API (GET /api/ClassSession). */
export async function listSessions(request: APIRequestContext): Promise<ApiClassSession[]> {
  const response = await request.get('/api/ClassSession');
  expect(response.status(), 'GET /api/ClassSession').toBe(200);
  return (await response.json()) as ApiClassSession[];
}

/** One demo session from the public catalogue, by name. */
export async function findSession(request: APIRequestContext, name: string): Promise<ApiClassSession> {
  const session = (await listSessions(request)).find((s) => s.name === name);
  if (!session) throw new Error(`The demo session "${name}" is not in GET /api/ClassSession`);
  return session;
}

/**
 * Open `path` and wait for the page's h1: lazily loaded pages show '...' until their code arrives, so
 * nothing about the page can be checked before the heading is there.
 */
export async function openPage(page: Page, path: string, heading?: string | RegExp) {
  await page.goto(path);
  const h1 = page.getByRole('heading', {
    level: 1,
    ...(heading === undefined ? {} : { name: heading, exact: true }),
  });
  await expect(h1).toBeVisible();
  return h1;
}

/** The header of the main layout (it carries `data-scrolled`). */
export function siteHeader(page: Page) {
  return page.locator('header[data-scrolled]');
}

function base64Url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

/**
 * A JWT-shaped token whose exp claim is `expiresInSeconds` from now (negative: already expired). The
 * signature is junk: the browser only reads the claims (the server verifies signatures, and the guard
 * must not need it).
 */
export function tokenExpiringIn(expiresInSeconds: number, claims: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64Url(JSON.stringify({ sub: 'e2e-parent', role: 'Parent', ...claims, exp }));
  return `${header}.${payload}.${base64Url('not-a-real-signature')}`;
}

/** Store a session token the way the login page does, before any page of the site loads. */
export async function storeTokenBeforeLoad(page: Page, token: string) {
  await page.addInitScript((value) => {
    // Only on the first document of the test: a later reload must not bring back a token the site cleared.
    if (!window.sessionStorage.getItem('e2e-token-set')) {
      window.sessionStorage.setItem('e2e-token-set', '1');
      window.localStorage.setItem('token', value);
    }
  }, token);
}

/** The value the site keeps in localStorage under `key` (null when absent). */
export function readLocalStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** A unique marker for one test's submissions, so its mail and row can be found among others'. */
export function uniqueMarker(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
}
