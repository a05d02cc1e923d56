import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

describe('HTTP basics', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'lc-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Bright Oak</title><div id="root"></div>',
    );
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    await writeFile(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(
      path.join(webDist, 'manifest.webmanifest'),
      JSON.stringify({ name: 'Bright Oak Learning Center', start_url: '/dashboard' }),
    );
    t = await createTestApp('pglite', { env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('serves the SPA for client-side routes, revalidating index.html', async () => {
    for (const url of ['/', '/sessions/12', '/dashboard/my-students', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the service worker at /sw.js, revalidated every time and allowed the whole site (issue 25)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.body).toContain('addEventListener');
  });

  it('serves the web app manifest with its media type, revalidated every time (issue 25)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ start_url: '/dashboard' });
  });

  it('answers unknown API routes with a JSON 404, never the SPA', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/NoSuchThing',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().message).toBe('There is no API route GET /api/NoSuchThing.');
  });

  it('sends security headers: a CSP without inline script, nosniff, no framing, no referrer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Plain http here: no HSTS (it is sent only when APP_URL is https).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('reports health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: 'pglite',
    });
  });

  it('publishes the OpenAPI document with the spec’s routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/ClassSession',
        '/api/ClassSession/all',
        '/api/ClassSession/{classSessionId}',
        '/api/Contact',
        '/api/Contact/Waitlist',
        '/api/UserAuthentication/Login',
        '/api/UserAuthentication/Register',
        '/api/UserAuthentication/ResetPassword',
        '/api/UserAuthentication/ResetPassword/{token}',
      ]),
    );
    // Calls that need a session say so (Bearer JWT); public ones say they need nothing.
    const doc = res.json();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/UserAuthentication/Me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/UserAuthentication/Login'].post.security).toEqual([]);
    expect(doc.paths['/api/UserAuthentication/Login'].post.responses['200'].content).toHaveProperty(
      'text/plain',
    );
  });
});

describe('HSTS behind HTTPS', () => {
  it('sends Strict-Transport-Security when APP_URL is https', async () => {
    const t = await createTestApp('pglite', { env: { APP_URL: 'https://brightoak.example' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await t.close();
    }
  });
});
