import { describe, expect, it } from 'vitest';
import { isTokenExpired } from './token.ts';

describe('isTokenExpired (spec §9)', () => {
  const exp = 1_800_000_000;
  it('treats a token as valid through the whole exp second', () => {
    expect(isTokenExpired(exp, exp * 1000 - 1)).toBe(false);
    expect(isTokenExpired(exp, exp * 1000)).toBe(false);
    expect(isTokenExpired(exp, exp * 1000 + 999)).toBe(false);
  });
  it('treats a token as expired once the current second exceeds exp', () => {
    expect(isTokenExpired(exp, (exp + 1) * 1000)).toBe(true);
  });
});
