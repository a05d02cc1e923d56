/**
 * robots.txt and sitemap.xml (issue 12): crawlers are kept out of private paths, and the sitemap lists every
 * public page and every current session with a lastmod that moves when staff edit the session.
 */
import { publicPagePaths } from '@lc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type MovableClock, movableClock, springSessionBody } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';
const APP_URL = 'https://brightoak.example';

const sessionBody = springSessionBody('Sitemap Garden Club');

/** The sitemap's entries as loc → lastmod. */
function entries(xml: string): Map<string, string> {
  return new Map(
    [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>.*?<\/url>/g)].map((m) => [
      m[1]!,
      m[2]!,
    ]),
  );
}

/** Each sitemap entry's hreflang alternates, as loc → "hreflang href" lines. */
function alternates(xml: string): Map<string, string[]> {
  return new Map(
    [...xml.matchAll(/<url><loc>([^<]+)<\/loc>.*?<\/url>/g)].map((m) => [
      m[1]!,
      [...m[0].matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        (l) => `${l[1]} ${l[2]}`,
      ),
    ]),
  );
}

describe.each(dbKinds)('robots.txt and sitemap.xml on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { APP_URL, SIGNUP_RATE_LIMIT: '1000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());

  it('lets crawlers read public pages and keeps them out of the portal, sign-in, checkout and API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    for (const path of [
      '/dashboard',
      '/login',
      '/register',
      '/password-reset',
      '/test-checkout',
      '/staff',
      '/api/',
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).not.toContain('Disallow: /sessions');
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
  });

  it('lists every public page and every current session, and a staff edit moves the lastmod', async () => {
    const staff = await a.staff();
    const created = await a.call(staff, 'POST', '/api/ClassSession', sessionBody);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    const ended = await a.session({ sessionStartDate: '2025-01-06', sessionEndDate: '2025-03-28' });

    const first = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/xml');
    expect(first.body).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const before = entries(first.body);
    for (const path of publicPagePaths) expect(before.has(`${APP_URL}${path}`), path).toBe(true);
    expect(before.has(`${APP_URL}/faq`)).toBe(true);
    expect(before.has(`${APP_URL}/frequently-asked-questions`)).toBe(false);
    expect(before.has(`${APP_URL}/sessions/${id}`)).toBe(true);
    expect(before.has(`${APP_URL}/sessions/${ended}`)).toBe(false);
    expect(before.has(`${APP_URL}/dashboard`)).toBe(false);

    clock.advanceMinutes(90);
    const edited = await a.call(staff, 'PUT', `/api/ClassSession/${id}`, { ...sessionBody, rosterSize: 5 });
    expect(edited.statusCode).toBe(200);
    const after = entries((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(after.get(`${APP_URL}/sessions/${id}`)).toBe(new Date(clock.now()).toISOString());
    expect(after.get(`${APP_URL}/sessions/${id}`)).not.toBe(before.get(`${APP_URL}/sessions/${id}`));
    expect(after.get(`${APP_URL}/es/sessions/${id}`)).toBe(after.get(`${APP_URL}/sessions/${id}`));
  });

  it('lists each page at its English and Spanish address, each naming both (issue 14: hreflang)', async () => {
    const staff = await a.staff();
    const created = await a.call(staff, 'POST', '/api/ClassSession', springSessionBody('Sitemap Art Studio'));
    const id = created.json().id as number;
    const xml = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const links = alternates(xml);
    for (const [english, spanish] of [
      ['/', '/es'],
      ['/our-philosophy', '/es/our-philosophy'],
      ['/faq', '/es/faq'],
      [`/sessions/${id}`, `/es/sessions/${id}`],
    ] as const) {
      const expected = [
        `en ${APP_URL}${english}`,
        `es ${APP_URL}${spanish}`,
        `x-default ${APP_URL}${english}`,
      ];
      expect(links.get(`${APP_URL}${english}`), english).toEqual(expected);
      expect(links.get(`${APP_URL}${spanish}`), spanish).toEqual(expected);
    }
    for (const [loc, list] of links) expect(list, loc).toHaveLength(3);
    expect([...links.keys()].filter((loc) => loc.includes('/es/dashboard'))).toEqual([]);
  });
});
