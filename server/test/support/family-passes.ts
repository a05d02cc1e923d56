/**
 * The family pickup pass tests' set-up (passes-family.test.ts, passes-family-contacts.test.ts; issue 11,
 * docs/architecture.md): the Okafors (two children, Rosa a contact who may pick up) and the Brandts (one
 * child, their contact Theo), the family pass routes' calls, the mails sent since the last look, and a photo
 * to send.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { trusteePassports } from '../../src/db/schema.ts';
import { createTestApp, type DbKind, fixedClock, type TestApp } from '../helpers.ts';
import { api, type Family } from './registration.ts';

// The center's today is 2026-11-20.
export const NOW = '2026-11-20T18:00:00Z';

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with one `file` part named `fileName` sent as `type`. */
export function multipart(bytes: Buffer, fileName: string, type: string) {
  const boundary = `----lc${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Open the app for the calling `describe` (its own beforeAll/afterAll) and answer the family pass routes'
 * calls and the families and contacts; those are there, through getters, once the describe's tests run.
 */
export function familyPasses(kind: DbKind) {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let owner: Family;
  let other: Family;
  let rosa: string;
  let theirs: string;
  let mailCount = 0;

  const rosaBody = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Rosa',
    lastName: 'Rivera',
    relationship: 'Grandparent',
    cellPhone: '(650) 555-0101',
    emailAddress: `rosa.${kind}@example.com`,
    canPickup: true,
    studentIds: owner.childIds,
    ...overrides,
  });

  const call = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const passUrl = (trusteeId: string) => `/api/Student/Trustees/${trusteeId}/Pass`;
  const upload = (token: string | null, trusteeId: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'PUT',
      url: `${passUrl(trusteeId)}/Photo`,
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const holderCard = (code: string) => call(null, 'POST', '/api/passes/card', { code });
  const addContact = async (token: string, body: object) => {
    const res = await call(token, 'POST', '/api/Student/Trustees', body);
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  /** The mails sent since the last call. */
  const newMails = async () => {
    await t.flush();
    const all = await t.mails();
    const fresh = all.slice(mailCount);
    mailCount = all.length;
    return fresh;
  };
  /** The credential in a pass mail's link. */
  const credentialIn = (text: string) => /\/pass#([0-9A-Z]{26})\b/.exec(text)?.[1];
  const passCount = async (trusteeId: string) =>
    (
      await t.database.db
        .select({ id: trusteePassports.passportId })
        .from(trusteePassports)
        .where(eq(trusteePassports.trusteeId, trusteeId))
    ).length;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: fixedClock(NOW),
      env: { SIGNUP_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '100' },
    });
    a = api(t);
    owner = await a.family('Okafor', 2);
    other = await a.family('Brandt', 1);
    rosa = await addContact(owner.token, rosaBody());
    theirs = await addContact(other.token, {
      ...rosaBody({ firstName: 'Theo', emailAddress: `theo.${kind}@example.com` }),
      studentIds: other.childIds,
    });
  });
  afterAll(async () => t?.close());

  return {
    rosaBody,
    call,
    passUrl,
    upload,
    holderCard,
    addContact,
    newMails,
    credentialIn,
    passCount,
    get t() {
      return t;
    },
    get a() {
      return a;
    },
    get owner() {
      return owner;
    },
    get other() {
      return other;
    },
    get rosa() {
      return rosa;
    },
    get theirs() {
      return theirs;
    },
  };
}
