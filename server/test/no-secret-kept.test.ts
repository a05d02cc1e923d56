/**
 * No store keeps a working secret in clear (issue 21 item 1, decision 017). A parent with a copied session
 * asks for a reset of their own address and downloads the family export: it holds neither the reset link nor
 * a pass code, while the delivered mail (the `.eml` file, the family's mailbox) still carries a link that
 * works. Then every text, JSON and array column of every table — and the server's log — is searched for
 * every secret the flows made: confirmation, reset, co-parent and team invitation tokens, the pass's
 * credential, typed code and PIN, the kiosk token and the passwords. On every database kind.
 */

import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { SECRET_FIELD_VALUE } from '../src/features/audit/record.ts';
import { enqueueMail, SECRET_REMOVED } from '../src/jobs/mail-outbox.ts';
import { createTestApp, dbKinds, type ReceivedMail, type TestApp } from './helpers.ts';
import { api, type Family, movableClock } from './support/registration.ts';

const PASSWORD = 'a good long password';
const NEW_PASSWORD = 'a brand new long password';
const PIN = '913572';

/** Every value of every text, varchar, JSON and array column of every table, as `table.column: value`. */
async function everyStoredText(t: TestApp): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    t.database.db,
    sql`select table_name, column_name from information_schema.columns
      where table_schema = current_schema()
        and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY')
      order by table_name, column_name`,
  );
  const values: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const rows = await queryRows<{ v: string }>(
      t.database.db,
      sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
    );
    for (const row of rows) values.push(`${table}.${column}: ${row.v}`);
  }
  return values;
}

describe.each(dbKinds)('no working secret is kept on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let rivera: Family;
  let adminToken: string;
  const logs: string[] = [];
  /** Name → value of every secret the flows made (filled in as they run). */
  const secrets: Record<string, string> = {};

  const call = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const deliveredTo = async (to: string, pattern: RegExp): Promise<ReceivedMail> => {
    await t.flush();
    const mail = (await t.mails()).filter((m) => m.to === to && pattern.test(m.text)).at(-1);
    expect(mail, `a mail to ${to} matching ${pattern}`).toBeDefined();
    return mail!;
  };
  const download = async (token: string) => {
    const res = await call(token, 'GET', '/api/Family/Export');
    expect(res.statusCode).toBe(200);
    return Object.values(unzipSync(new Uint8Array(res.rawPayload)))
      .map((f) => strFromU8(f))
      .join('\n');
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: movableClock('2026-11-23T18:00:00Z'),
      env: { SIGNUP_RATE_LIMIT: '1000' },
      logger: { level: 'info', stream: { write: (line) => logs.push(line) } },
    });
    a = api(t);
    rivera = await a.family('Rivera', 1);
    secrets.password = PASSWORD;
    const welcome = await deliveredTo(rivera.email, /\/confirm-email\//);
    secrets.confirmation = /\/confirm-email\/([A-Za-z0-9_-]{20,})/.exec(welcome.text)![1]!;

    // The parent's own pass, mailed to the parent: its link and code would sit in the export.
    const self = await call(rivera.token, 'POST', '/api/Student/Trustees/Self');
    expect(self.statusCode).toBe(200);
    const issued = await call(rivera.token, 'POST', `/api/Student/Trustees/${self.json().trusteeId}/Pass`, {
      pin: PIN,
    });
    expect(issued.statusCode).toBe(201);
    secrets.pin = PIN;
    const pass = await deliveredTo(rivera.email, /\/pass#/);
    secrets.credential = /\/pass#([0-9A-Z]{26})/.exec(pass.text)![1]!;
    secrets.code = secrets.credential.replace(/(.{4})(?=.)/g, '$1 ');
    expect(pass.text).toContain(secrets.code);

    const invited = `dana.${kind}@families.example`;
    expect(
      (await call(rivera.token, 'POST', '/api/Family/Invitations', { emailAddress: invited })).statusCode,
    ).toBe(200);
    const invitation = await deliveredTo(invited, /\/dashboard\/family\/join\//);
    secrets.coParentInvitation = /\/dashboard\/family\/join\/([A-Za-z0-9_-]{20,})/.exec(invitation.text)![1]!;

    adminToken = await a.staff('Admin');
    const teacher = `noor.${kind}@staff.example`;
    expect(
      (
        await call(adminToken, 'POST', '/api/staff/team', {
          firstName: 'Noor',
          lastName: 'Haddad',
          emailAddress: teacher,
        })
      ).statusCode,
    ).toBe(201);
    const teamInvite = await deliveredTo(teacher, /\/password-reset\//);
    secrets.teamInvitation = /\/password-reset\/([A-Za-z0-9_-]{20,})/.exec(teamInvite.text)![1]!;

    const kiosk = await call(adminToken, 'POST', '/api/staff/kiosks', { name: 'Front door' });
    expect(kiosk.statusCode).toBe(201);
    secrets.kiosk = kiosk.json().token;
    expect(kiosk.json().token.length).toBeGreaterThan(20);
  });
  afterAll(async () => t?.close());

  it('a reset link reaches the mailbox and works, but neither the export nor the outbox row keeps it, nor a pass code', async () => {
    expect(
      (await call(null, 'POST', '/api/UserAuthentication/ResetPassword', { emailAddress: rivera.email }))
        .statusCode,
    ).toBe(204);
    const mail = await deliveredTo(rivera.email, /\/password-reset\//);
    const token = /\/password-reset\/([A-Za-z0-9_-]{20,})/.exec(mail.text)![1]!;
    secrets.reset = token;

    const exported = await download(rivera.token);
    expect(exported).toContain(mail.subject); // the reset mail is listed…
    expect(exported).toContain(SECRET_REMOVED); // …without its link
    for (const name of ['reset', 'confirmation', 'credential', 'code'] as const)
      expect(exported, name).not.toContain(secrets[name]);
    expect(exported).not.toMatch(/\/password-reset\/[A-Za-z0-9_-]{20,}/);
    expect(exported).not.toMatch(/\/pass#[0-9A-Z]/);

    const [row] = await queryRows<{ status: string; text: string; secrets: string[] | null }>(
      t.database.db,
      sql`select status, text, secrets from mail_outbox where "to" = ${rivera.email} and subject = ${mail.subject}
        order by created desc limit 1`,
    );
    expect(row).toMatchObject({ status: 'Sent', secrets: null });
    expect(row!.text).toContain(SECRET_REMOVED);
    expect(row!.text).not.toContain(token);

    // The delivered mail's link still works: the mailbox is the family's, not our store.
    const reset = await call(null, 'POST', `/api/UserAuthentication/ResetPassword/${token}`, {
      password: NEW_PASSWORD,
      passwordRepeat: NEW_PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(204);
    secrets.newPassword = NEW_PASSWORD;
    const login = await call(null, 'POST', '/api/UserAuthentication/Login', {
      emailAddress: rivera.email,
      password: NEW_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    rivera.token = login.body;
  });

  it('a mail still waiting for delivery is exported without its secret too', async () => {
    await enqueueMail(t.database.db, {
      to: rivera.email,
      subject: 'A waiting mail',
      text: 'Open https://center.example/password-reset/not-yet-sent-token-0123456789 to continue.',
      secrets: ['https://center.example/password-reset/not-yet-sent-token-0123456789'],
    });
    const exported = await download(rivera.token);
    expect(exported).toContain('A waiting mail');
    expect(exported).toContain(`Open ${SECRET_REMOVED} to continue.`);
    expect(exported).not.toContain('not-yet-sent-token');
    await t.flush();
  });

  it('no column of any table, and no log line, holds any secret the flows made', async () => {
    await t.flush();
    expect(Object.keys(secrets).sort()).toEqual(
      [
        'code',
        'confirmation',
        'coParentInvitation',
        'credential',
        'kiosk',
        'newPassword',
        'password',
        'pin',
        'reset',
        'teamInvitation',
      ].sort(),
    );
    const stored = await everyStoredText(t);
    // The search reads real data: the family's address is there, in users and in the outbox.
    expect(stored.some((v) => v.startsWith('users.email_address: ') && v.endsWith(rivera.email))).toBe(true);
    expect(stored.some((v) => v.startsWith('mail_outbox.text: ') && v.includes(SECRET_REMOVED))).toBe(true);
    expect(logs.length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(secrets)) {
      // A PIN is short: match it as a whole number only (ids and hashes may hold its digits by chance).
      const holds = (text: string) =>
        name === 'pin' ? new RegExp(`(^|\\D)${value}(\\D|$)`).test(text) : text.includes(value);
      expect(
        stored.filter(holds).map((v) => v.slice(0, 80)),
        `${name} kept in the database`,
      ).toEqual([]);
      expect(logs.filter(holds), `${name} in the log`).toEqual([]);
    }
  });

  it('an audit entry that names a secret keeps no value for it', async () => {
    const { recordAudit } = await import('../src/features/audit/record.ts');
    await recordAudit(
      t.database.db,
      {
        actorUserId: null,
        action: 'test.secret',
        entityType: 'Test',
        entityId: 'x',
        before: null,
        after: { name: 'Front door', token: 'tok-123', nested: [{ pinHash: 'h', credentialNonce: 'n' }] },
      },
      new Date(),
    );
    const [row] = await queryRows<{ after: unknown }>(
      t.database.db,
      sql`select after from audit_events where action = 'test.secret'`,
    );
    expect(row!.after).toEqual({
      name: 'Front door',
      token: SECRET_FIELD_VALUE,
      nested: [{ pinHash: SECRET_FIELD_VALUE, credentialNonce: SECRET_FIELD_VALUE }],
    });
  });
});
