/**
 * Co-parents (issue 13): a parent invites another adult by email (single-use link, token stored only as a
 * hash, 7 days, only the invited address may accept), both accounts then see and manage the same children,
 * contacts, places and payments (Billing says who paid), a parent may leave, and only the director removes
 * another parent. Every family route is walked with the owner, the co-parent, a removed co-parent, another
 * family and nobody signed in.
 */
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { createTestApp, dbKinds, type TestApp } from './helpers.ts';
import { api, type Family, type MovableClock, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe.each(dbKinds)('co-parents on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;
  let clock: MovableClock;
  let owner: Family;
  let dana: Family;
  let other: Family;
  let admin: string;
  let teacher: string;
  let contactId: string;
  let sessionId: number;
  let mailCount = 0;
  /** Dana's own pickup contact, made while she shares the family. */
  let ownPassContact = '';
  /** The Okafors' first child's paid place in the session. */
  let enrollmentId = '';
  /** Family routes naming one of the Okafors' rows, for the access matrix. */
  const familyReads = () => [
    `/api/Student/${owner.childIds[1]}`,
    `/api/Student/${owner.childIds[1]}/Trustees`,
    `/api/Student/Trustees/${contactId}`,
    `/api/Student/Trustees/${contactId}/Pass`,
    `/api/Announcement/ClassSession/${sessionId}`,
    `/api/ClassSessionEnrollment/${enrollmentId}/Withdrawal`,
  ];

  const call = (token: string | null, method: string, url: string, payload?: object) =>
    a.call(token, method, url, payload);
  const newMails = async () => {
    await t.flush();
    const all = await t.mails();
    const fresh = all.slice(mailCount);
    mailCount = all.length;
    return fresh;
  };
  const tokenIn = (text: string) => /\/dashboard\/family\/join\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
  const invite = async (from: Family, to: string) => {
    await newMails();
    const res = await call(from.token, 'POST', '/api/Family/Invitations', { emailAddress: to });
    expect(res.statusCode, res.body).toBe(200);
    const mail = (await newMails()).find((m) => m.to === to);
    expect(mail?.subject).toContain('invited you to share');
    return tokenIn(mail!.text)!;
  };
  const childNames = async (f: Family) =>
    ((await call(f.token, 'GET', '/api/Student')).json() as Array<{ firstName: string }>)
      .map((c) => c.firstName)
      .sort();
  const auditActions = async () =>
    (
      await queryRows<{ action: string }>(
        t.database.db,
        sql`select action from audit_events where entity_type = 'Family' order by at`,
      )
    ).map((r) => r.action);

  beforeAll(async () => {
    clock = movableClock(NOW);
    t = await createTestApp(kind, { clock, env: { SIGNUP_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '100' } });
    a = api(t);
    owner = await a.family('Okafor', 2);
    dana = await a.family('Dana', 1);
    other = await a.family('Brandt', 1);
    admin = await a.staff('Admin');
    teacher = await a.staff('Staff');
    const contact = await call(owner.token, 'POST', '/api/Student/Trustees', {
      firstName: 'Rosa',
      lastName: 'Okafor',
      relationship: 'Grandparent',
      cellPhone: '(650) 555-0101',
      canPickup: true,
      studentIds: owner.childIds,
    });
    expect(contact.statusCode).toBe(201);
    contactId = contact.json().id;
    sessionId = await a.session({ rosterSize: 10, registrationPrice: 40_000, supplyFee: 0 });
    const held = await a.enroll(owner, sessionId, [owner.childIds[0]!]);
    expect(held.statusCode, held.body).toBe(201);
    expect((await a.press(held.json().checkoutId, 'pay')).statusCode).toBeLessThan(400);
    const [place] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from class_session_enrollments where payment_id = ${held.json().id}`,
    );
    enrollmentId = place!.id;
  });
  afterAll(async () => t?.close());

  it('refuses bad invitations with the reason by the field', async () => {
    const own = await call(owner.token, 'POST', '/api/Family/Invitations', { emailAddress: owner.email });
    expect(own.statusCode).toBe(400);
    expect(own.json().fields.emailAddress).toMatch(/your own email address/);
    const staffAddress = await call(owner.token, 'POST', '/api/Family/Invitations', {
      emailAddress: 'not an address',
    });
    expect(staffAddress.statusCode).toBe(400);
    expect(staffAddress.json().fields.emailAddress).toBeTruthy();
    expect(
      (await call(null, 'POST', '/api/Family/Invitations', { emailAddress: dana.email })).statusCode,
    ).toBe(401);
    expect(
      (await call(admin, 'POST', '/api/Family/Invitations', { emailAddress: dana.email })).statusCode,
    ).toBe(403);
  });

  it('mails a single-use link whose token is stored only as a hash', async () => {
    const token = await invite(owner, dana.email);
    const rows = await queryRows<{ token_hash: string; email_address: string }>(
      t.database.db,
      sql`select token_hash, email_address from family_invitations`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email_address).toBe(dana.email);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const family = (await call(owner.token, 'GET', '/api/Family')).json();
    expect(family.invitations).toEqual([
      expect.objectContaining({ emailAddress: dana.email, invitedBy: 'Okafor' }),
    ]);

    // Another family, a staff account and nobody signed in cannot use it; nothing is shared.
    const wrong = await call(other.token, 'POST', '/api/Family/Invitation/Accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toContain('d•••@families.example');
    expect((await call(admin, 'POST', '/api/Family/Invitation/Accept', { token })).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/Family/Invitation/Accept', { token })).statusCode).toBe(401);
    expect(await childNames(other)).toEqual(['Ava']);

    const preview = await call(dana.token, 'POST', '/api/Family/Invitation/Preview', { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ invitedBy: 'Okafor Family', childNames: ['Ava', 'Ben'] });

    await newMails();
    const accepted = await call(dana.token, 'POST', '/api/Family/Invitation/Accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().parents.map((p: { firstName: string }) => p.firstName)).toEqual([
      'Okafor',
      'Dana',
    ]);
    const mails = await newMails();
    expect(mails.map((m) => m.to).sort()).toEqual([dana.email, owner.email].sort());
    expect(mails.find((m) => m.to === owner.email)?.subject).toBe('Dana Family joined your family’s portal');

    // Both ways: Dana sees the Okafors' children and contact, the owner sees Dana's child.
    expect(await childNames(dana)).toEqual(['Ava', 'Ava', 'Ben']);
    expect(await childNames(owner)).toEqual(['Ava', 'Ava', 'Ben']);
    expect((await call(dana.token, 'GET', `/api/Student/Trustees/${contactId}`)).statusCode).toBe(200);

    // Single use.
    expect((await call(dana.token, 'POST', '/api/Family/Invitation/Accept', { token })).statusCode).toBe(410);
  });

  it('maps a child or contact either parent adds to both', async () => {
    const child = await call(dana.token, 'POST', '/api/Student', {
      firstName: 'Noor',
      lastName: 'Okafor',
      dateOfBirth: '2021-06-01',
    });
    expect(child.statusCode).toBe(201);
    expect(await childNames(owner)).toContain('Noor');
    const contact = await call(owner.token, 'POST', '/api/Student/Trustees', {
      firstName: 'Sam',
      lastName: 'Lee',
      relationship: 'Neighbor',
      cellPhone: '(650) 555-0199',
      canPickup: false,
      studentIds: [child.json().id],
    });
    expect(contact.statusCode, contact.body).toBe(201);
    expect((await call(dana.token, 'GET', `/api/Student/Trustees/${contact.json().id}`)).statusCode).toBe(
      200,
    );
  });

  it('shows the whole family’s payments on Billing with who paid', async () => {
    const billing = await call(dana.token, 'GET', '/api/Billing');
    expect(billing.statusCode).toBe(200);
    expect(billing.json()).toEqual([
      expect.objectContaining({ paidBy: 'Okafor Family', finalAmount: 40_000 }),
    ]);
    expect((await call(other.token, 'GET', '/api/Billing')).json()).toEqual([]);
  });

  it('exports the whole family for either parent: both parents, the children and who paid', async () => {
    const res = await call(dana.token, 'GET', '/api/Family/Export');
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const data = JSON.parse(strFromU8(files['family.json']!));
    expect(data.parents.map((p: { firstName: string }) => p.firstName)).toEqual(['Dana', 'Okafor']);
    expect(data.children.map((c: { firstName: string }) => c.firstName).sort()).toEqual([
      'Ava',
      'Ava',
      'Ben',
      'Noor',
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({ paidBy: 'Okafor Family', finalAmountCents: 40_000 }),
    ]);
    expect(strFromU8(files['payments.csv']!)).toContain('Okafor Family');
    expect(strFromU8(files['family.json']!)).not.toContain('Brandt');
  });

  it('walks every family route: owner and co-parent 200, another family 404, nobody 401', async () => {
    const studentId = owner.childIds[1]!;
    for (const url of familyReads()) {
      const method = 'GET';
      expect((await call(owner.token, method, url)).statusCode, `owner ${url}`).toBe(200);
      expect((await call(dana.token, method, url)).statusCode, `co-parent ${url}`).toBe(200);
      expect((await call(other.token, method, url)).statusCode, `other ${url}`).toBe(404);
      expect((await call(null, method, url)).statusCode, `anonymous ${url}`).toBe(401);
    }
    // Lists answer the family's own rows only.
    for (const url of [
      '/api/Student',
      '/api/Student/Trustees',
      '/api/ClassSessionEnrollment',
      '/api/Billing',
    ]) {
      const mine = JSON.stringify((await call(dana.token, 'GET', url)).json());
      const theirs = JSON.stringify((await call(other.token, 'GET', url)).json());
      expect(theirs, url).not.toContain(owner.childIds[0]);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
      if (url !== '/api/Student/Trustees')
        expect(mine, url).toContain(url === '/api/Billing' ? 'Okafor' : 'Ava');
    }
    // A write by the co-parent works; by another family it is 404 and changes nothing.
    const rename = { firstName: 'Benjamin', lastName: 'Okafor', dateOfBirth: '2022-02-15' };
    expect((await call(other.token, 'PUT', `/api/Student/${studentId}`, rename)).statusCode).toBe(404);
    expect(await childNames(owner)).toContain('Ben');
    expect((await call(dana.token, 'PUT', `/api/Student/${studentId}`, rename)).statusCode).toBe(200);
    expect(await childNames(owner)).toContain('Benjamin');
  });

  it('lets either parent continue a checkout the other started for the same children', async () => {
    const sibling = (await call(owner.token, 'GET', '/api/Student')).json() as Array<{
      id: string;
      firstName: string;
    }>;
    const ben = sibling.find((c) => c.firstName === 'Benjamin')!.id;
    const started = await a.enroll(owner, sessionId, [ben]);
    expect(started.statusCode, started.body).toBe(201);
    const again = await a.enroll(dana, sessionId, [ben]);
    expect(again.statusCode, again.body).toBeLessThan(300);
    expect(again.json().id).toBe(started.json().id);
    expect((await a.press(started.json().checkoutId, 'cancel')).statusCode).toBeLessThan(400);
  });

  it('a parent who is removed takes their own pickup pass with them: it stops working and leaves the children', async () => {
    const self = await call(dana.token, 'POST', '/api/Student/Trustees/Self');
    expect(self.statusCode, self.body).toBeLessThan(300);
    const danaContact = self.json().trusteeId as string;
    const issued = await call(dana.token, 'POST', `/api/Student/Trustees/${danaContact}/Pass`, {
      pin: '2468',
    });
    expect(issued.statusCode, issued.body).toBe(201);
    // While shared, the owner sees Dana's own contact too, for every child.
    expect((await call(owner.token, 'GET', `/api/Student/Trustees/${danaContact}`)).statusCode).toBe(200);
    ownPassContact = danaContact;
  });

  it('lets only the director remove a parent; the removed parent loses the family, keeps their payments', async () => {
    const url = `/api/staff/families/${dana.userId}/remove-from-family`;
    expect((await call(null, 'POST', url)).statusCode).toBe(401);
    expect((await call(owner.token, 'POST', url)).statusCode).toBe(403);
    expect((await call(teacher, 'POST', url)).statusCode).toBe(403);
    // A teacher of the session the Okafors' child is in may not either.
    const assigned = await a.promote('Teacher', 'Staff');
    await t.database.db.execute(
      sql`insert into session_staff (class_session_id, user_id) values (${sessionId}, ${assigned.userId})`,
    );
    expect((await call(assigned.token, 'GET', `/api/staff/families/${owner.userId}`)).statusCode).toBe(200);
    expect((await call(assigned.token, 'POST', url)).statusCode).toBe(403);
    expect(await childNames(dana)).toHaveLength(4);
    // The staff list shows the shared family once, under the inviting parent, found by either parent's name.
    const found = (await call(admin, 'GET', '/api/staff/families?q=dana')).json();
    expect(found.items).toEqual([
      expect.objectContaining({ userId: owner.userId, sharedWith: ['Dana Family'] }),
    ]);
    expect(found.total).toBe(1);
    const staffView = (await call(admin, 'GET', `/api/staff/families/${owner.userId}`)).json();
    expect(staffView.parents.find((p: { userId: string }) => p.userId === dana.userId).sharesFamily).toBe(
      true,
    );

    await newMails();
    expect((await call(admin, 'POST', url)).statusCode).toBe(204);
    const mails = await newMails();
    expect(mails.map((m) => m.to).sort()).toEqual([dana.email, owner.email].sort());
    expect(mails.find((m) => m.to === dana.email)?.text).toContain('removed your account');

    // The removed co-parent: every family route of the Okafors is 404 now; the owner keeps everything.
    for (const path of familyReads()) {
      expect((await call(dana.token, 'GET', path)).statusCode, `removed ${path}`).toBe(404);
      expect((await call(owner.token, 'GET', path)).statusCode, `owner ${path}`).toBe(200);
    }
    const rename = { firstName: 'Ava', lastName: 'Changed', dateOfBirth: '2022-01-15' };
    expect((await call(dana.token, 'PUT', `/api/Student/${owner.childIds[0]}`, rename)).statusCode).toBe(404);
    expect(await childNames(dana)).toEqual([]);
    expect(await childNames(owner)).toEqual(['Ava', 'Ava', 'Benjamin', 'Noor']);
    expect((await call(dana.token, 'GET', '/api/Billing')).json()).toEqual([]);
    expect((await call(admin, 'POST', url)).statusCode).toBe(404);

    // Dana's own pickup contact left with her: not the family's, not linked to the children, its pass revoked.
    expect((await call(owner.token, 'GET', `/api/Student/Trustees/${ownPassContact}`)).statusCode).toBe(404);
    const links = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from student_trustees where trustee_id = ${ownPassContact}`,
    );
    expect(links[0]!.n).toBe(0);
    const passes = await queryRows<{ revoked_at: string | null }>(
      t.database.db,
      sql`select p.revoked_at from digital_passports p join trustee_passports tp on tp.passport_id = p.id
        where tp.trustee_id = ${ownPassContact}`,
    );
    expect(passes.length).toBe(1);
    expect(passes[0]!.revoked_at).not.toBeNull();
  });

  it('lets a parent leave, and refuses expired and withdrawn links', async () => {
    const token = await invite(owner, dana.email);
    expect((await call(dana.token, 'POST', '/api/Family/Invitation/Accept', { token })).statusCode).toBe(200);
    await newMails();
    const left = await call(dana.token, 'POST', '/api/Family/Leave');
    expect(left.statusCode).toBe(200);
    expect(left.json().parents).toHaveLength(1);
    expect((await newMails()).find((m) => m.to === owner.email)?.subject).toBe(
      'Dana Family no longer shares your family’s portal',
    );
    expect((await call(dana.token, 'POST', '/api/Family/Leave')).statusCode).toBe(404);

    const withdrawn = await invite(owner, dana.email);
    const [open] = (await call(owner.token, 'GET', '/api/Family')).json().invitations;
    expect((await call(other.token, 'DELETE', `/api/Family/Invitations/${open.id}`)).statusCode).toBe(404);
    expect((await call(owner.token, 'DELETE', `/api/Family/Invitations/${open.id}`)).statusCode).toBe(200);
    expect(
      (await call(dana.token, 'POST', '/api/Family/Invitation/Accept', { token: withdrawn })).statusCode,
    ).toBe(410);

    const expired = await invite(owner, dana.email);
    clock.advanceMinutes(7 * 24 * 60 + 1);
    await a.signIn(dana);
    await a.signIn(owner);
    expect(
      (await call(dana.token, 'POST', '/api/Family/Invitation/Accept', { token: expired })).statusCode,
    ).toBe(410);
    expect(await childNames(dana)).toEqual([]);
    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        'family.invite',
        'family.join',
        'family.remove',
        'family.leave',
        'family.invite.withdraw',
      ]),
    );
  });

  it('closes a co-parent’s account without touching the children, and tells the other parent without a name', async () => {
    const ezra = await a.family('Ezra', 0);
    const token = await invite(owner, ezra.email);
    expect((await call(ezra.token, 'POST', '/api/Family/Invitation/Accept', { token })).statusCode).toBe(200);
    expect(await childNames(ezra)).toEqual(['Ava', 'Ava', 'Benjamin', 'Noor']);
    await newMails();
    // A child of the family is enrolled in a session that has not ended; Ezra may still close his own account.
    const closed = await call(ezra.token, 'POST', '/api/Family/Close', { password: 'a good long password' });
    expect(closed.statusCode, closed.body).toBe(204);
    expect(await childNames(owner)).toEqual(['Ava', 'Ava', 'Benjamin', 'Noor']);
    expect((await call(owner.token, 'GET', '/api/Family')).json().parents).toHaveLength(1);
    const notice = (await newMails()).find((m) => m.to === owner.email);
    expect(notice?.subject).toBe('A parent account in your family was closed');
    expect(notice?.text).not.toContain('Ezra');
  });
});
