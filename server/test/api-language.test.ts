/**
 * The API's own sentences in the family's language (issue 14, issue 22 item 3): `Accept-Language: es` gets an
 * error's message and its field sentences in Spanish from the contract's message files; English is unchanged;
 * every code the family-facing use cases throw and every field message a family can meet has Spanish.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  apiErrorMessages,
  apiErrorSentence,
  EMAIL_INVALID,
  fieldMessage,
  isApiErrorCode,
  messagePlaceholders,
  messageSentence,
} from '@lc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '../src/features/auth/accounts.ts';
import { resultMessage } from '../src/features/enrollment/withdraw.ts';
import { requestLanguage } from '../src/http/api-language.ts';
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

  it('writes a code, a field message and a field message with parts in the reader’s language', () => {
    expect(apiErrorSentence('auth.loginFailed', undefined, 'es')).toBe(
      'El correo electrónico o la contraseña no son correctos.',
    );
    expect(apiErrorSentence('auth.loginFailed', undefined, 'en')).toBe(LOGIN_FAILED);
    expect(messageSentence('notFound.child', 'es')).toBe('No encontramos los datos de ese niño o niña.');
    expect(messageSentence(EMAIL_INVALID, 'es')).toBe('Escriba un correo electrónico válido');
    expect(messageSentence(EMAIL_INVALID, 'en')).toBe('Please enter a valid email address');
    const childrenFull = fieldMessage('fields.family.childrenFull', { count: 20 });
    expect(messageSentence(childrenFull, 'en')).toBe(
      'A family can have at most 20 children. Remove one before adding another.',
    );
    expect(messageSentence(childrenFull, 'es')).toBe(
      'Una familia puede tener como máximo 20 niños. Quite a uno antes de agregar otro.',
    );
    // A sentence the server already wrote (in the caller's language) is shown as it is.
    expect(messageSentence('A sentence nobody coded.', 'es')).toBe('A sentence nobody coded.');
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

  it('keeps every placeholder of a field message in its Spanish, and leaves nothing in English', () => {
    const english = apiErrorMessages.en.fields as Record<string, Record<string, string>>;
    const spanish = apiErrorMessages.es.fields as Record<string, Record<string, string | undefined>>;
    for (const [group, messages] of Object.entries(english))
      for (const [key, text] of Object.entries(messages)) {
        const translated = spanish[group]?.[key];
        if (translated === undefined) continue;
        expect(messagePlaceholders(translated), `fields.${group}.${key}`).toEqual(messagePlaceholders(text));
        expect(translated, `fields.${group}.${key}`).not.toBe(text);
      }
  });

  it('has Spanish for every field message a family can meet', () => {
    // The staff's own forms (announcements, inbox, money, resources, set-up, team and lists) stay English
    // (decision 015); so do the session editor's messages in `enrollment` and what only an API client reads.
    const familyGroups = ['account', 'common', 'contact', 'family', 'passes'] as const;
    const familyEnrollment = [
      'chooseFamilyChildren',
      'chooseSession',
      'chooseAtLeastOneChild',
      'chooseAtMostChildren',
      'childOnlyOnce',
    ];
    const english = apiErrorMessages.en.fields as Record<string, Record<string, string>>;
    const spanish = apiErrorMessages.es.fields as Record<string, Record<string, string | undefined>>;
    // Messages of `common` and `passes` only staff meet: the staff lists' paging and the door tablet's set-up.
    const apiOnly = new Set([
      'common.usePageNumber1',
      'common.useDate20261120',
      'common.pageSize',
      'passes.scanPassTypeCode',
      'passes.chooseChild',
      'passes.nameTablet',
      'passes.keepNameUnder60Characters',
      'passes.keepNameUnder80Characters',
      'passes.useDate20260914',
    ]);
    const missing = [
      ...familyGroups.flatMap((group) => Object.keys(english[group] ?? {}).map((key) => `${group}.${key}`)),
      ...familyEnrollment.map((key) => `enrollment.${key}`),
    ]
      .filter((code) => !apiOnly.has(code))
      .filter((code) => {
        const [group, key] = code.split('.') as [string, string];
        return spanish[group]?.[key] === undefined && spanish[group]?.[`${key}_other`] === undefined;
      });
    expect(missing).toEqual([]);
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
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(
        /(?:HttpError\(\s*4\d\d,|tooManyRequests\([^,]+,|notFound\()\s*'([^']+)'/g,
      )) {
        const thrown = m[1]!;
        if (isApiErrorCode(thrown)) codes.add(thrown);
        else if (isApiErrorCode(`notFound.${thrown}`)) codes.add(`notFound.${thrown}`);
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

  it('says which fields need attention, and what is wrong with each, in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/UserAuthentication/Register',
      payload: { firstName: '', lastName: 'Quintero', emailAddress: 'not-an-email', password: 'x' },
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string; fields: Record<string, string> };
    expect(body.message).toBe('Algunos campos necesitan su atención. Revise los campos marcados.');
    expect(body.fields.emailAddress).toBe('Escriba un correo electrónico válido');
    expect(body.fields.firstName).toBe(
      messageSentence(fieldMessage('fields.account.firstNameRequired'), 'es'),
    );
    expect(body.fields.firstName).not.toBe('Please specify your first name');
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
