/**
 * Mail to an address the caller typed is limited (issue 21 item 3, decision 017): at most 5 mails an hour from
 * one family (or staff account) to one address, and 20 an hour from one family or staff account in all —
 * pass issue and re-issue, co-parent invitation, team invitation, inbox reply and invite to register. The
 * next one answers 429 with a sentence saying when to try again (Spanish to a Spanish page) and queues
 * nothing; another family, sender or recipient is unaffected; the window ends on its own. On every database kind.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { contactSubmissions } from '../src/db/schema.ts';
import { limits } from '../src/features/auth/throttle.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

const perRecipient = limits.mailPerRecipient.max;
const perSender = limits.mailPerSender.max;

describe.each(dbKinds)('mail limits on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;

  let calls = 0;
  /**
   * A call from a network address of its own, so the per-IP request limits of the routes (e.g. 10 invitations
   * an hour) stay out of the way of the per-family mail limits under test.
   */
  const call = (token: string | null, method: string, url: string, payload?: object, language?: string) =>
    t.app.inject({
      method: method as 'POST',
      url,
      payload,
      remoteAddress: `10.0.${Math.floor(++calls / 250)}.${calls % 250}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(language ? { 'accept-language': language } : {}),
      },
    });
  const mailsTo = async (to: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from mail_outbox where "to" = ${to}`,
      )
    )[0]!.n;
  const addContact = async (family: Family, firstName: string, emailAddress: string) => {
    const res = await call(family.token, 'POST', '/api/Student/Trustees', {
      firstName,
      lastName: 'Grand',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0199',
      emailAddress,
      canPickup: true,
      studentIds: family.childIds,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const issuePass = (family: Family, trusteeId: string, language?: string) =>
    call(family.token, 'POST', `/api/Student/Trustees/${trusteeId}/Pass`, { pin: '2468' }, language);
  const tooManyTo = (to: string) =>
    new RegExp(
      `^Too many emails to ${to.replace(/[.+]/g, '\\$&')} in the last hour\\. Please try again in \\d+ minutes\\.$`,
    );
  const tooManySent = /^Too many emails sent in the last hour\. Please try again in \d+ minutes\.$/;

  beforeAll(async () => {
    clock = movableClock('2026-11-23T18:00:00Z');
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '1000' } });
    a = api(t);
  });
  afterAll(async () => t?.close());

  it('passes: the 6th mail to one contact in an hour is refused, in English and Spanish; others go out; the hour ends', async () => {
    const okafor = await a.family('Okafor', 1);
    const granny = `granny.${kind}@families.example`;
    const grannyId = await addContact(okafor, 'Rosa', granny);
    for (let i = 0; i < perRecipient; i++) expect((await issuePass(okafor, grannyId)).statusCode).toBe(201);
    expect(await mailsTo(granny)).toBe(perRecipient);
    const passBefore = (await call(okafor.token, 'GET', `/api/Student/Trustees/${grannyId}/Pass`)).json();

    const refused = await issuePass(okafor, grannyId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(tooManyTo(granny));
    expect(refused.json().message).toContain('Please try again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    const spanish = await issuePass(okafor, grannyId, 'es');
    expect(spanish.statusCode).toBe(429);
    expect(spanish.json().message).toBe(
      `Demasiados correos a ${granny} en la última hora. Vuelva a intentarlo en 60 minutos.`,
    );
    // Nothing queued and nothing changed: the pass the contact holds still works.
    expect(await mailsTo(granny)).toBe(perRecipient);
    expect((await call(okafor.token, 'GET', `/api/Student/Trustees/${grannyId}/Pass`)).json()).toEqual(
      passBefore,
    );

    // Another recipient of the same family, and another family to the same address, are unaffected.
    const uncle = `uncle.${kind}@families.example`;
    expect((await issuePass(okafor, await addContact(okafor, 'Tomas', uncle))).statusCode).toBe(201);
    const lindqvist = await a.family('Lindqvist', 1);
    expect((await issuePass(lindqvist, await addContact(lindqvist, 'Rosa', granny))).statusCode).toBe(201);
    expect(await mailsTo(granny)).toBe(perRecipient + 1);

    // The window ends on its own.
    clock.advanceMinutes(61);
    await a.signIn(okafor);
    expect((await issuePass(okafor, grannyId)).statusCode).toBe(201);
    expect(await mailsTo(granny)).toBe(perRecipient + 2);
  });

  it('co-parent invitations: 5 to one address, then 429; the family’s 20 mails an hour are shared with its passes', async () => {
    const brown = await a.family('Brown', 1);
    const other = `other.parent.${kind}@families.example`;
    for (let i = 0; i < perRecipient; i++)
      expect(
        (await call(brown.token, 'POST', '/api/Family/Invitations', { emailAddress: other })).statusCode,
      ).toBe(200);
    const refused = await call(brown.token, 'POST', '/api/Family/Invitations', { emailAddress: other }, 'es');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `Demasiados correos a ${other} en la última hora. Vuelva a intentarlo en 60 minutos.`,
    );
    expect(await mailsTo(other)).toBe(perRecipient);
    const open = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from family_invitations where email_address = ${other} and withdrawn_at is null`,
    );
    expect(open[0]!.n).toBe(1); // the refused call withdrew nothing and made nothing

    // The family's budget: 5 invitations so far, then passes re-issued to three contacts (5 each) make 20.
    for (const name of ['Ines', 'Jon', 'Kai']) {
      const contact = await addContact(brown, name, `${name.toLowerCase()}.${kind}@families.example`);
      for (let i = 0; i < perRecipient; i++) expect((await issuePass(brown, contact)).statusCode).toBe(201);
    }
    expect(perRecipient * 4).toBe(perSender);
    const fresh = `fresh.${kind}@families.example`;
    const over = await call(brown.token, 'POST', '/api/Family/Invitations', { emailAddress: fresh });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(tooManySent);
    const overEs = await call(brown.token, 'POST', '/api/Family/Invitations', { emailAddress: fresh }, 'es');
    expect(overEs.json().message).toMatch(
      /^Se enviaron demasiados correos en la última hora\. Vuelva a intentarlo en \d+ minutos\.$/,
    );
    expect(await mailsTo(fresh)).toBe(0);
    // Another family still invites the same address.
    const green = await a.family('Green', 1);
    expect(
      (await call(green.token, 'POST', '/api/Family/Invitations', { emailAddress: fresh })).statusCode,
    ).toBe(200);
    expect(await mailsTo(fresh)).toBe(1);
  });

  it('team invitations: the director’s 6th mail to one address in an hour is refused; another director is not', async () => {
    const director = await a.promote('Director', 'Admin');
    const second = await a.promote('Deputy', 'Admin');
    const person = `noor.${kind}@staff.example`;
    const invite = (token: string) =>
      call(token, 'POST', '/api/staff/team', { firstName: 'Noor', lastName: 'Haddad', emailAddress: person });
    let personId = '';
    for (let i = 0; i < perRecipient; i++) {
      const res = await invite(director.token);
      expect(res.statusCode, res.body).toBe(201);
      personId = res.json().id;
      // Off the staff again, so the next invitation mails again (the case that could be repeated forever).
      expect(
        (await call(director.token, 'PUT', `/api/staff/team/${personId}`, { role: 'Parent' })).statusCode,
      ).toBeLessThan(300);
    }
    expect(await mailsTo(person)).toBe(perRecipient);
    const refused = await invite(director.token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(tooManyTo(person));
    expect(await mailsTo(person)).toBe(perRecipient);
    const team = (await call(director.token, 'GET', '/api/staff/team')).json() as { id: string }[];
    expect(team.map((m) => m.id)).not.toContain(personId);
    expect((await invite(second.token)).statusCode).toBe(201);
    expect(await mailsTo(person)).toBe(perRecipient + 1);
  });

  it('inbox replies and invitations to register: 5 to one family an hour per staff member, then 429', async () => {
    const director = await a.promote('Headteacher', 'Admin');
    const colleague = await a.promote('Officer', 'Admin');
    const addItem = async (email: string) => {
      const [row] = await t.database.db
        .insert(contactSubmissions)
        .values({ firstName: 'Ana', lastName: 'Rivera', email, message: 'Hello!', tour: true })
        .returning({ id: contactSubmissions.id });
      return row!.id;
    };
    const family = `rivera.tour.${kind}@families.example`;
    const itemId = await addItem(family);
    const entries = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from inbox_entries where contact_submission_id = ${itemId}`,
        )
      )[0]!.n;
    // Replies and the invitation to register count together: both mail the family's address.
    for (let i = 0; i < perRecipient - 1; i++) {
      const res = await call(director.token, 'POST', `/api/staff/inbox/${itemId}/replies`, {
        body: `Reply ${i}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await call(director.token, 'POST', `/api/staff/inbox/${itemId}/invite`)).statusCode).toBe(201);
    expect(await mailsTo(family)).toBe(perRecipient);
    const stored = await entries();

    const reply = await call(director.token, 'POST', `/api/staff/inbox/${itemId}/replies`, {
      body: 'One more',
    });
    expect(reply.statusCode).toBe(429);
    expect(reply.json().message).toMatch(tooManyTo(family));
    const invite = await call(director.token, 'POST', `/api/staff/inbox/${itemId}/invite`);
    expect(invite.statusCode).toBe(429);
    expect(invite.json().message).toMatch(tooManyTo(family));
    expect(await mailsTo(family)).toBe(perRecipient);
    expect(await entries()).toBe(stored); // the refused reply is not in the thread either

    // Another family, and another staff member, are unaffected.
    const otherItem = await addItem(`chidi.${kind}@families.example`);
    expect(
      (await call(director.token, 'POST', `/api/staff/inbox/${otherItem}/replies`, { body: 'Hello Chidi' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await call(colleague.token, 'POST', `/api/staff/inbox/${itemId}/replies`, { body: 'From me' }))
        .statusCode,
    ).toBe(201);
    expect(await mailsTo(family)).toBe(perRecipient + 1);
  });
});
