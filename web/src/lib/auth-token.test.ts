import { describe, expect, it } from 'vitest';
import { clearToken, getToken, isSignedIn, readClaims, setToken, TOKEN_STORAGE_KEY } from './auth-token';

/** An unsigned JWT-shaped token; the browser never checks signatures, only the server does. */
function tokenWith(payload: unknown): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('readClaims', () => {
  it('decodes the payload of a base64url token, including non-ASCII names', () => {
    const claims = readClaims(tokenWith({ sub: '7', given_name: 'Zoë', exp: 2_000_000_000 }));
    expect(claims).toMatchObject({ sub: '7', given_name: 'Zoë', exp: 2_000_000_000 });
  });

  it.each([
    ['an empty string', ''],
    ['one segment', 'abc'],
    ['two segments', 'abc.def'],
    ['four segments', 'a.b.c.d'],
    ['a payload that is not base64', 'x.!!!%%%.y'],
    ['a payload that is not JSON', `x.${btoa('not json')}.y`],
    ['a JSON payload that is not an object', `x.${btoa('42')}.y`],
    ['a JSON array payload', `x.${btoa('[1,2]')}.y`],
  ])('returns null for %s', (_label, token) => {
    expect(readClaims(token)).toBeNull();
  });

  it('returns null when the exp claim is missing or not a number', () => {
    expect(readClaims(tokenWith({ sub: '7' }))).toBeNull();
    expect(readClaims(tokenWith({ sub: '7', exp: '2000000000' }))).toBeNull();
  });

  it('returns null for no token', () => {
    expect(readClaims(null)).toBeNull();
  });
});

describe('token storage and isSignedIn', () => {
  const exp = 1_800_000_000;

  it(`keeps the token in local storage under "${TOKEN_STORAGE_KEY}"`, () => {
    setToken('a.b.c');
    expect(window.localStorage.getItem('token')).toBe('a.b.c');
    expect(getToken()).toBe('a.b.c');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('is signed out without a token or with a garbage token', () => {
    expect(isSignedIn()).toBe(false);
    setToken('garbage');
    expect(isSignedIn()).toBe(false);
  });

  it('is signed in up to and including the exp second, and signed out after it (spec §9)', () => {
    setToken(tokenWith({ exp }));
    expect(isSignedIn(exp * 1000 - 1)).toBe(true);
    expect(isSignedIn(exp * 1000 + 999)).toBe(true);
    expect(isSignedIn((exp + 1) * 1000)).toBe(false);
  });
});
