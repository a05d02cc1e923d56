/**
 * The API's own sentences in the family's language (issue 14): `Accept-Language: es` gets an error's
 * message and field sentences in Spanish where `api-messages.es.json` has them; English is unchanged; every
 * sentence the family-facing use cases throw has a translation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { apiErrorMessages, isApiErrorCode, messagePlaceholders } from '@lc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '../src/features/auth/accounts.ts';
import { resultMessage } from '../src/features/enrollment/withdraw.ts';
import { requestLanguage, translateApiMessage } from '../src/http/api-language.ts';
import spanish from '../src/http/locales/api-messages.es.json' with { type: 'json' };
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type MovableClock, movableClock } from './support/registration.ts';

describe('the API’s sentences in Spanish', () => {
  it('reads the language from Accept-Language, English by default', () => {
    expect(requestLanguage({ 'accept-language': 'es' })).toBe('es');
    expect(requestLanguage({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' })).toBe('es');
    expect(requestLanguage({ 'accept-language': 'en-US,es;q=0.5' })).toBe('en');
    expect(requestLanguage({ 'accept-language': 'fr' })).toBe('en');
    expect(requestLanguage({})).toBe('en');
  });

  it('translates whole sentences and sentences with parts, carrying the parts over', () => {
    expect(translateApiMessage(LOGIN_FAILED, 'es')).toBe(
      'El correo electrónico o la contraseña no son correctos.',
    );
    expect(translateApiMessage(LOGIN_FAILED, 'en')).toBe(LOGIN_FAILED);
    expect(translateApiMessage('That child was not found.', 'es')).toBe(
      'No encontramos los datos de ese niño o niña.',
    );
    expect(translateApiMessage('Spring Garden Club is full. You can join the waitlist instead.', 'es')).toBe(
      'Spring Garden Club está llena. Puede unirse a la lista de espera.',
    );
    expect(
      translateApiMessage(
        'Only 2 seats are left in Art Studio. Choose fewer children, or join the waitlist for the others.',
        'es',
      ),
    ).toBe(
      'Solo quedan 2 lugares en Art Studio. Elija menos niños o anote a los demás en la lista de espera.',
    );
    expect(
      translateApiMessage(
        'Mia is enrolled in Spring Garden, which has not ended yet. Please ask us to withdraw Mia first, or close your account once the session is over.',
        'es',
      ),
    ).toBe(
      'Mia tiene un lugar en Spring Garden, que todavía no termina. Pídanos primero que demos de baja a Mia, o cierre su cuenta cuando termine la sesión.',
    );
    expect(translateApiMessage('A sentence nobody translated.', 'es')).toBe('A sentence nobody translated.');
  });

  it('says the withdrawal result as the Spanish page does, word for word in English', () => {
    const web = JSON.parse(
      readFileSync(path.join(import.meta.dirname, '../../web/src/i18n/locales/enroll.en.json'), 'utf8'),
    ).withdraw as Record<string, string>;
    const say = (key: string, amount = '$310.00') =>
      web[key]!.replace('{{name}}', 'Maya').replace('{{amount}}', amount);
    expect(resultMessage('Maya', 0, 'None', 'card')).toBe(say('resultNone'));
    expect(resultMessage('Maya', 31_000, 'Succeeded', 'office')).toBe(say('resultOffice'));
    expect(resultMessage('Maya', 31_000, 'Failed', 'card')).toBe(say('resultFailed'));
    expect(resultMessage('Maya', 31_000, 'Pending', 'card')).toBe(say('resultPending'));
    expect(resultMessage('Maya', 31_000, 'Succeeded', 'card')).toBe(say('resultRefunded'));
  });

  it('keeps every placeholder of a sentence in its Spanish, and leaves nothing in English', () => {
    for (const [english, text] of Object.entries(spanish as Record<string, string>)) {
      expect(messagePlaceholders(text), english).toEqual(messagePlaceholders(english));
      expect(text, english).not.toBe(english);
    }
  });

  it('has Spanish for every error the family-facing use cases throw', () => {
    const root = path.join(import.meta.dirname, '../src/features');
    const familyFacing = ['auth', 'enrollment', 'family', 'passes/passes.ts', 'passes/routes.ts'];
    const files = familyFacing.flatMap((part) =>
      part.endsWith('.ts')
        ? [path.join(root, part)]
        : readdirSync(path.join(root, part))
            .filter((f) => f.endsWith('.ts'))
            .map((f) => path.join(root, part, f)),
    );
    const codes = new Set<string>();
    const sentences = new Set<string>();
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(
        /(?:HttpError\(\s*4\d\d,|tooManyRequests\([^,]+,|notFound\()\s*'([^']+)'/g,
      )) {
        const thrown = m[1]!;
        if (isApiErrorCode(thrown)) codes.add(thrown);
        else if (isApiErrorCode(`notFound.${thrown}`)) codes.add(`notFound.${thrown}`);
        else sentences.add(thrown);
      }
    }
    expect(codes.size).toBeGreaterThan(15);
    // English on purpose (decision 015): the director's office actions (billing.*) and what only staff, the
    // payment provider or an old client read; and a sentence made only of its parts, which come already in the
    // family's language (`{{reasons}}`: the eligibility sentences).
    const englishOnly = new Set([
      'enrollment.checkout.webhookSignature',
      'enrollment.waitlist.retired',
      'enrollment.withdraw.staffAccount',
      'family.close.staffAccount',
      'notFound.waitlistPlace',
      'enrollment.waitlist.refused',
    ]);
    const spanishOf = (code: string) =>
      [code, `${code}_one`, `${code}_other`].some(
        (key) =>
          key
            .split('.')
            .reduce<unknown>(
              (tree, part) => (tree as Record<string, unknown> | undefined)?.[part],
              apiErrorMessages.es,
            ) !== undefined,
      );
    const untranslated = [...codes].filter(
      (code) => !code.startsWith('billing.') && !englishOnly.has(code) && !spanishOf(code),
    );
    expect(untranslated).toEqual([]);
    // A plain sentence still thrown (not yet a code) is translated by the glossary.
    expect([...sentences].filter((sentence) => translateApiMessage(sentence, 'es') === sentence)).toEqual([]);
  });
});

describe.each(dbKinds)('error answers in the family’s language on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const login = (language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/UserAuthentication/Login',
      payload: { emailAddress: `nobody.${kind}@families.example`, password: 'not-the-password' },
      headers: language ? { 'accept-language': language } : {},
    });

  it('answers a failed login in Spanish to a Spanish page, and in English otherwise', async () => {
    const es = await login('es');
    expect(es.statusCode).toBe(401);
    expect(es.json().message).toBe('El correo electrónico o la contraseña no son correctos.');
    const en = await login();
    expect(en.json().message).toBe(LOGIN_FAILED);
  });

  it('says which fields need attention in Spanish, the contract’s field sentences left to the page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/UserAuthentication/Register',
      payload: { firstName: '', lastName: 'Quintero', emailAddress: 'not-an-email', password: 'x' },
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fields: Record<string, string> };
    expect(body.message).toBe('Algunos campos necesitan su atención. Revise los campos marcados.');
    // The browser shows these through its own Spanish field messages (web fieldMessages).
    expect(body.fields.emailAddress).toBe('Please enter a valid email address');
  });

  it('answers an unknown child in Spanish', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/UserAuthentication/Register',
      payload: {
        firstName: 'Marisol',
        lastName: 'Quintero',
        emailAddress: `marisol.${kind}@families.example`,
        password: 'girasol-2026',
      },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Student/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${made.body}`, 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No encontramos los datos de ese niño o niña.');
  });
});

describe.each(dbKinds)('who may enroll, said in the family’s language on %s', (kind) => {
  let t: TestApp;
  let clock: MovableClock;
  let a: ReturnType<typeof api>;
  beforeAll(async () => {
    clock = movableClock('2026-11-20T18:00:00Z');
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '1000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());

  const verify = (token: string, sessionId: number, language?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/ClassSessionEnrollment/${sessionId}/VerifyEligibility`,
      headers: { authorization: `Bearer ${token}`, ...(language ? { 'accept-language': language } : {}) },
    });

  it('answers VerifyEligibility and the children’s standing in Spanish to a Spanish page', async () => {
    const family = await a.family('Quintero', 1);
    const open = await a.session({ name: 'Jardín de mañana' });
    expect((await verify(family.token, open, 'es')).body).toBe('Ava ya se puede inscribir.');
    expect((await verify(family.token, open)).body).toBe('Ava can enroll now.');

    const standing = await t.app.inject({
      method: 'GET',
      url: `/api/ClassSessionEnrollment/${open}`,
      headers: { authorization: `Bearer ${family.token}`, 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(standing.json()[0].eligibility).toBe('Ava ya se puede inscribir.');

    // Outside the ages: the range, the first day and the child's age in Spanish.
    const older = await a.session({ name: 'Club de lectura', minAgeMonths: 72, maxAgeMonths: 143 });
    expect((await verify(family.token, older, 'es')).body).toBe(
      'Club de lectura es para niños de 6 a 11 años el primer día (15 de diciembre); Ava tendrá 4 años y 11 meses entonces, así que una sesión posterior le quedará mejor.',
    );
    expect((await verify(family.token, older)).body).toBe(
      'Club de lectura is for children ages 6–11 on its first day (December 15); Ava will be 4 years 11 months then, so a later session will be a better fit.',
    );
  });

  it('refuses a waitlist place in Spanish when seats are still open', async () => {
    const family = await a.family('Ortega', 1);
    const open = await a.session({ name: 'Pequeños artistas' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/ClassSessionEnrollment/JoinWaitlist/${open}`,
      payload: { classSessionId: open, studentIds: family.childIds },
      headers: { authorization: `Bearer ${family.token}`, 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Todavía hay lugares en Pequeños artistas, así que Ava se puede inscribir ahora mismo: no hace falta esperar.',
    );
  });
});
