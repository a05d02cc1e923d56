import { describe, expect, it } from 'vitest';
import { apiErrorMessages, apiErrorSentence, isApiErrorCode } from './api-errors.ts';

type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('the API’s error codes and their message files (issue 22)', () => {
  const english = new Map(leaves(apiErrorMessages.en as unknown as Tree));
  const spanish = leaves(apiErrorMessages.es as unknown as Tree);

  it('writes a code’s sentence with its parts, in English or Spanish', () => {
    expect(apiErrorSentence('auth.tooManyLogins', { count: 12 }, 'en')).toBe(
      'Too many login attempts. Please wait 12 minutes, or reset your password.',
    );
    expect(apiErrorSentence('auth.tooManyLogins', { count: 12 }, 'es')).toBe(
      'Demasiados intentos de inicio de sesión. Espere 12 minutos o cambie su contraseña.',
    );
    expect(apiErrorSentence('notFound.family', undefined, 'es')).toBe('No encontramos esa familia.');
  });

  it('says one minute and one seat in the singular, in English and Spanish', () => {
    expect(apiErrorSentence('auth.tooManyLogins', { count: 1 }, 'en')).toBe(
      'Too many login attempts. Please wait 1 minute, or reset your password.',
    );
    expect(apiErrorSentence('auth.tooManyLogins', { count: 1 }, 'es')).toBe(
      'Demasiados intentos de inicio de sesión. Espere 1 minuto o cambie su contraseña.',
    );
    expect(apiErrorSentence('sessions.mail.tooManySent', { count: 1 }, 'en')).toBe(
      'Too many emails sent in the last hour. Please try again in 1 minute.',
    );
    expect(apiErrorSentence('sessions.rosterBelowTaken', { count: 1 }, 'en')).toBe(
      '1 seat is already taken or held, so the roster cannot be smaller than 1.',
    );
    expect(apiErrorSentence('billing.enroll.full', { session: 'Art Studio', taken: 1, count: 1 }, 'en')).toBe(
      'Art Studio is full (1 of 1 seat taken). Withdraw a child or raise the roster size first.',
    );
  });

  it('reads English for a code without Spanish (staff and door sentences), and an unknown code as itself', () => {
    expect(apiErrorSentence('access.staffOnly', undefined, 'es')).toBe('Only center staff can do this.');
    expect(apiErrorSentence('no.suchCode', undefined, 'es')).toBe('no.suchCode');
  });

  it('knows its codes, and a sentence is not one', () => {
    expect(isApiErrorCode('auth.loginFailed')).toBe(true);
    expect(isApiErrorCode('The email address or password is incorrect.')).toBe(false);
    expect(isApiErrorCode('auth')).toBe(false);
  });

  it('has no Spanish sentence without its English, and keeps every part of the English in the Spanish', () => {
    expect(spanish.length).toBeGreaterThan(0);
    for (const [code, text] of spanish) {
      const source = english.get(code);
      expect(source, code).toBeDefined();
      expect(placeholders(text), code).toEqual(placeholders(source ?? ''));
      expect(text, code).not.toBe(source);
    }
  });
});
