/**
 * The staff back office's team (issue 10): the director invites a new address or a parent who also teaches,
 * changes a role (old sessions end at once) and cannot change their own. The rest of the back office is in
 * staff.test.ts, the shared set-up in support/staff-office.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { staffOffice } from './support/staff-office.ts';

describe.each(dbKinds)('staff back office on %s', (kind) => {
  const office = staffOffice(kind);
  const { as } = office;

  describe('the team', () => {
    /**
     * The delivered mail to `to` with `subject`: the mailbox keeps the link, the outbox row does not once sent
     * (decision 017).
     */
    const mailTo = async (to: string, subject: string) => {
      await office.t.flush();
      return (await office.t.mails()).find((m) => m.to === to && m.subject === subject);
    };

    it('inviting a new address: an account that cannot sign in yet, a mailed link that sets the first password', async () => {
      const res = await as(office.admin, 'POST', '/api/staff/team', {
        firstName: 'Noor',
        lastName: 'Haddad',
        emailAddress: 'Noor.Haddad@Staff.example',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        role: 'Staff',
        emailAddress: 'noor.haddad@staff.example',
        hasSignedIn: false,
      });
      const login = await as(null, 'POST', '/api/UserAuthentication/Login', {
        emailAddress: 'noor.haddad@staff.example',
        password: '!invited',
      });
      expect(login.statusCode).toBe(401);
      const mail = await mailTo(
        'noor.haddad@staff.example',
        'Welcome to the Bright Oak Learning Center team',
      );
      expect(mail).toBeDefined();
      const link = /https?:\/\/\S+\/password-reset\/(\S+)/.exec(mail!.text)!;
      const set = await as(null, 'POST', `/api/UserAuthentication/ResetPassword/${link[1]}`, {
        password: 'a fine new password',
        passwordRepeat: 'a fine new password',
      });
      expect(set.statusCode).toBeLessThan(300);
      const signIn = await as(null, 'POST', '/api/UserAuthentication/Login', {
        emailAddress: 'noor.haddad@staff.example',
        password: 'a fine new password',
      });
      expect(signIn.statusCode).toBe(200);
      expect((await as(signIn.body, 'GET', '/api/staff/sessions')).statusCode).toBe(200);
      const [audit] = await office.t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, res.json().id));
      expect(audit).toMatchObject({
        entityType: 'User',
        action: 'staff.invite',
        after: { role: 'Staff', emailAddress: 'noor.haddad@staff.example' },
      });
    });

    it('a parent who also teaches keeps one login and their family; someone already on the staff is 409', async () => {
      const teachingParent = await office.a.family('Teaching', 1);
      const res = await as(office.admin, 'POST', '/api/staff/team', {
        firstName: 'Ignored',
        lastName: 'Name',
        emailAddress: teachingParent.email,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ firstName: 'Teaching', role: 'Staff', hasSignedIn: true });
      expect(
        await mailTo(teachingParent.email, 'You are now on the Bright Oak Learning Center staff'),
      ).toBeDefined();
      // The old token died with the role change; the same password signs in to both sides.
      expect((await as(teachingParent.token, 'GET', '/api/Student')).statusCode).toBe(401);
      await office.a.signIn(teachingParent);
      expect((await as(teachingParent.token, 'GET', '/api/staff/sessions')).statusCode).toBe(200);
      expect((await as(teachingParent.token, 'GET', '/api/Student')).json()).toHaveLength(1);
      const again = await as(office.admin, 'POST', '/api/staff/team', {
        firstName: 'Teaching',
        lastName: 'Family',
        emailAddress: teachingParent.email,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().fields.emailAddress).toMatch(/already on the staff/);
    });

    it('changing a role ends old sessions at once; off the staff, the API refuses; one cannot change one’s own role', async () => {
      const person = await office.a.promote('Leaving', 'Staff');
      expect((await as(person.token, 'GET', '/api/staff/sessions')).statusCode).toBe(200);
      const off = await as(office.admin, 'PUT', `/api/staff/team/${person.userId}`, { role: 'Parent' });
      expect(off.statusCode).toBe(204);
      expect((await as(person.token, 'GET', '/api/staff/sessions')).statusCode).toBe(401);
      await office.a.signIn(person);
      expect((await as(person.token, 'GET', '/api/staff/sessions')).statusCode).toBe(403);
      expect(
        (await as(office.admin, 'PUT', `/api/staff/team/${person.userId}`, { role: 'Staff' })).statusCode,
      ).toBe(404);
      const me = (await as(office.admin, 'GET', '/api/UserAuthentication/Me')).json();
      const own = await as(office.admin, 'PUT', `/api/staff/team/${me.id}`, { role: 'Staff' });
      expect(own.statusCode).toBe(409);
      const team = (await as(office.admin, 'GET', '/api/staff/team')).json() as { id: string }[];
      expect(team.map((m) => m.id)).not.toContain(person.userId);
    });
  });
});
