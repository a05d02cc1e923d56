/**
 * Pickup passes from the family's side (issue 11), the contacts: deleting a contact revokes their pass; the
 * parent's own contact, made once for all their children, and its pass. Rosa's pass and the family's
 * attendance history are in passes-family.test.ts, the shared set-up in support/family-passes.ts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { digitalPassports } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import { familyPasses } from './support/family-passes.ts';

describe.each(dbKinds)('family pickup passes on %s', (kind) => {
  const family = familyPasses(kind);
  const { rosaBody, call, passUrl, holderCard, addContact, newMails, credentialIn } = family;

  it('deleting a contact revokes their pass', async () => {
    const sam = await addContact(
      family.owner.token,
      rosaBody({ firstName: 'Sam', emailAddress: `sam.${kind}@example.com` }),
    );
    await newMails();
    const issued = await call(family.owner.token, 'POST', passUrl(sam), { pin: '97531' });
    expect(issued.statusCode).toBe(201);
    const credential = credentialIn(
      (await newMails()).find((m) => m.to === `sam.${kind}@example.com`)!.text,
    )!;
    expect((await holderCard(credential)).json().status).toBe('Active');

    expect((await call(family.owner.token, 'DELETE', `/api/Student/Trustees/${sam}`)).statusCode).toBe(204);
    const [row] = await family.t.database.db
      .select({ revokedAt: digitalPassports.revokedAt, isActive: digitalPassports.isActive })
      .from(digitalPassports)
      .where(eq(digitalPassports.id, issued.json().id));
    expect(row?.revokedAt).not.toBeNull();
    expect(row?.isActive).toBe(false);
    expect((await holderCard(credential)).statusCode).toBe(404);
  });

  it('makes the parent’s own contact once, for all their children, and issues them a pass', async () => {
    const first = await call(family.owner.token, 'POST', '/api/Student/Trustees/Self');
    expect(first.statusCode).toBe(200);
    const self = first.json().trusteeId as string;
    const again = await call(family.owner.token, 'POST', '/api/Student/Trustees/Self');
    expect(again.json().trusteeId).toBe(self);

    const contact = (await call(family.owner.token, 'GET', `/api/Student/Trustees/${self}`)).json();
    expect(contact).toMatchObject({
      type: 'Parent',
      firstName: 'Okafor',
      lastName: 'Family',
      canPickup: true,
    });
    expect([...contact.studentIds].sort()).toEqual([...family.owner.childIds].sort());
    const parents = (await call(family.owner.token, 'GET', '/api/Student/Trustees'))
      .json()
      .filter((c: { type: string }) => c.type === 'Parent');
    expect(parents).toHaveLength(1);

    expect((await call(family.owner.token, 'POST', passUrl(self), { pin: '8642' })).statusCode).toBe(201);
    // A child added later is on the parent's own pass too, and the pass shows the change.
    const baby = await call(family.owner.token, 'POST', '/api/Student', {
      firstName: 'Zuri',
      lastName: 'Family',
      dateOfBirth: '2022-06-01',
    });
    expect(baby.statusCode).toBe(201);
    const withBaby = (await call(family.owner.token, 'GET', `/api/Student/Trustees/${self}`)).json();
    expect(withBaby.studentIds).toContain(baby.json().id);
    const card = (await call(family.owner.token, 'GET', `${passUrl(self)}/Card`)).json();
    expect(card.children).toContain('Zuri');
    // The other family cannot reach it.
    expect((await call(family.other.token, 'GET', passUrl(self))).statusCode).toBe(404);

    const childless = await family.a.family('Nguyen', 0);
    const none = await call(childless.token, 'POST', '/api/Student/Trustees/Self');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Add your child first, then your own pass.');
  });
});
