import { describe, expect, it } from 'vitest';
import { redirectTarget, sameSitePath, withRedirect } from './safe-redirect.ts';

describe('sameSitePath', () => {
  it('accepts a path on this site', () => {
    expect(sameSitePath('/sessions/3/enroll?x=1#top')).toBe('/sessions/3/enroll?x=1#top');
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    'dashboard',
    '',
  ])('rejects %j', (value) => {
    expect(sameSitePath(value)).toBeUndefined();
  });
});

describe('redirectTarget', () => {
  it('goes back to the page the route guard remembered', () => {
    const state = { from: { pathname: '/sessions/4/enroll', search: '?a=1', hash: '' } };
    expect(redirectTarget(state, '?redirect=/dashboard/billing')).toBe('/sessions/4/enroll?a=1');
  });

  it('uses ?redirect= when there is no remembered page', () => {
    expect(redirectTarget(null, '?redirect=%2Fdashboard%2Fbilling')).toBe('/dashboard/billing');
  });

  it('falls back to /dashboard for an absolute URL or nothing at all', () => {
    expect(redirectTarget(undefined, '?redirect=https://evil.example')).toBe('/dashboard');
    expect(redirectTarget(undefined, '')).toBe('/dashboard');
  });

  it('never sends a person back to the login form', () => {
    expect(redirectTarget({ from: '/login' }, '')).toBe('/dashboard');
  });
});

describe('withRedirect', () => {
  it('encodes the target as a query parameter', () => {
    expect(withRedirect('/register', '/sessions/4/enroll')).toBe(
      '/register?redirect=%2Fsessions%2F4%2Fenroll',
    );
  });
});
