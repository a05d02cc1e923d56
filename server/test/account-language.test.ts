/**
 * The family's language on their account (issue 14, decision 015): chosen at sign-up or switched while
 * signed in, answered by Me, and followed by the account emails. Plus the mail messages' completeness.
 */
import { flattenMessages, messagePlaceholders } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import en from '../src/i18n/locales/en.json' with { type: 'json' };
import es from '../src/i18n/locales/es.json' with { type: 'json' };
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';

/** Messages that are the same in both languages on purpose. Keep it short. */
const SAME_IN_BOTH: ReadonlySet<string> = new Set([
  // "No" is the word in Spanish too (a signed form's yes-or-no answer, decision 036).
  'signedFormPdf.no',
]);

describe('the mail message files', () => {
  it('have the same keys and placeholders in English and Spanish, and nothing left in English', () => {
    const english = flattenMessages(en);
    const spanish = flattenMessages(es);
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      if (!SAME_IN_BOTH.has(key)) expect(spanish.get(key), key).not.toBe(text);
      expect(messagePlaceholders(spanish.get(key) ?? ''), key).toEqual(messagePlaceholders(text));
    }
  });
});

describe.each(dbKinds)('account language on %s', (kind) => {
  let t: TestApp;
  let counter = 0;
  const freshEmail = () => `lang${++counter}.${kind}@families.example`;
  const register = async (language?: string) => {
    const emailAddress = freshEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/UserAuthentication/Register',
      payload: {
        firstName: 'Marisol',
        lastName: 'Quintero',
        emailAddress,
        password: 'girasol-2026',
        language,
      },
      remoteAddress: `203.0.113.${counter}`,
    });
    return { res, emailAddress, token: res.body };
  };
  const me = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/UserAuthentication/Me',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as { language: string };
  const putLanguage = (token: string | null, language: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/UserAuthentication/Language',
      payload: { language },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const mailsTo = async (to: string) => (await t.mails()).filter((m) => m.to === to);

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { APP_URL: 'https://portal.brightoak.example' } });
  });
  afterAll(async () => t?.close());

  it('signs up in Spanish: the welcome mail is in Spanish, with the link, and Me says es', async () => {
    const { res, emailAddress, token } = await register('es');
    expect(res.statusCode).toBe(201);
    await t.flush();
    const [welcome] = await mailsTo(emailAddress);
    expect(welcome?.subject).toBe('Bienvenidos a Bright Oak Learning Center: confirme su correo, por favor');
    expect(welcome?.text).toContain('Hola, Marisol:');
    expect(welcome?.text).toMatch(/https:\/\/portal\.brightoak\.example\/confirm-email\/[\w-]+/);
    expect(welcome?.text).toContain('— El equipo de Bright Oak Learning Center');
    expect(welcome?.text).not.toContain('Thank you');
    expect((await me(token)).language).toBe('es');
  });

  it('signs up in English without a language, and the mail keeps its English words', async () => {
    const { emailAddress, token } = await register();
    await t.flush();
    const [welcome] = await mailsTo(emailAddress);
    expect(welcome?.subject).toBe('Welcome to Bright Oak Learning Center — please confirm your email');
    expect(welcome?.text).toContain('Hi Marisol,');
    expect((await me(token)).language).toBe('en');
  });

  it('switches while signed in, and the password reset mail follows', async () => {
    const { emailAddress, token } = await register();
    expect((await putLanguage(token, 'es')).statusCode).toBe(204);
    expect((await me(token)).language).toBe('es');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/UserAuthentication/ResetPassword',
      payload: { emailAddress },
    });
    expect(reset.statusCode).toBe(204);
    await t.flush();
    const mail = (await mailsTo(emailAddress)).find((m) => m.subject === 'Cambie su contraseña');
    expect(mail?.text).toMatch(/https:\/\/portal\.brightoak\.example\/password-reset\/[\w-]+/);
    expect(mail?.text).toContain('El enlace funciona una sola vez, durante 60 minutos.');

    expect((await putLanguage(token, 'en')).statusCode).toBe(204);
    expect((await me(token)).language).toBe('en');
  });

  it('refuses another language with a field message, and nobody signed in, changing nothing', async () => {
    const { token, emailAddress } = await register('es');
    const wrong = await putLanguage(token, 'fr');
    expect(wrong.statusCode).toBe(400);
    expect(JSON.stringify(wrong.json())).toContain('Please choose English (en) or Spanish (es).');
    expect((await putLanguage(null, 'en')).statusCode).toBe(401);
    const signUpWrong = await register('klingon');
    expect(signUpWrong.res.statusCode).toBe(400);
    const rows = await queryRows<{ language: string }>(
      t.database.db,
      sql`select language from users where email_address = ${emailAddress}`,
    );
    expect(rows).toEqual([{ language: 'es' }]);
  });
});
