/**
 * Every list a family grows has a cap, checked by one function (issue 21 item 8, decision 020): for each
 * list in `FAMILY_LIMITS` the list is filled to its cap and the next add is refused with the list's status
 * and sentence (on its field), in English and in Spanish. Allergies are added one by one through the API up
 * to the cap; the other lists are filled in the database (their adds through the API are tested elsewhere).
 */
import { apiErrorSentence } from '@lc/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digitalPassports, familyInvitations, waitlistSubmissions } from '../src/db/schema.ts';
import { FAMILY_LIMITS, type FamilyList } from '../src/features/family/limits.ts';
import { createTestApp, dbKinds, fixedClock, type TestApp } from './helpers.ts';
import { api, type Family } from './support/registration.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(dbKinds)('family list caps on %s', (kind) => {
  let t: TestApp;
  let a: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock: fixedClock('2026-11-20T18:00:00Z'),
      env: { SIGNUP_RATE_LIMIT: '1000', FORM_RATE_LIMIT: '1000' },
    });
    a = api(t);
  });
  afterAll(async () => t?.close());

  const contact = (f: Family, firstName: string) => ({
    firstName,
    lastName: 'Rivera',
    relationship: 'Grandparent',
    cellPhone: '(650) 555-0101',
    canPickup: true,
    studentIds: f.childIds,
  });

  const send = (f: Family, method: string, url: string, payload: object, language: string) =>
    t.app.inject({
      method: method as 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${f.token}`, 'accept-language': language },
    });

  /** Add through the API, as the family would; answers the response. */
  type Attempt = (f: Family, language: string) => ReturnType<typeof send>;

  /** Each list: fill it to its cap for the family, then the add that must be refused. */
  const cases: Record<FamilyList, { fill: (f: Family) => Promise<void>; attempt: Attempt }> = {
    children: {
      fill: async (f) => {
        for (let i = f.childIds.length; i < FAMILY_LIMITS.children.max; i++) {
          const res = await a.call(f.token, 'POST', '/api/Student', {
            firstName: `Kid${String.fromCharCode(97 + i)}`,
            lastName: 'Full',
            dateOfBirth: '2021-05-15',
          });
          expect(res.statusCode).toBe(201);
        }
      },
      attempt: (f, language) =>
        send(
          f,
          'POST',
          '/api/Student',
          { firstName: 'Oneover', lastName: 'Full', dateOfBirth: '2021-05-15' },
          language,
        ),
    },
    contacts: {
      fill: async (f) => {
        for (let i = 0; i < FAMILY_LIMITS.contacts.max; i++) {
          const res = await a.call(f.token, 'POST', '/api/Student/Trustees', contact(f, `Aunt${i}`));
          expect(res.statusCode).toBe(201);
        }
      },
      attempt: (f, language) => send(f, 'POST', '/api/Student/Trustees', contact(f, 'Oneover'), language),
    },
    allergies: {
      // Through the API, one by one, as the issue found it: 30 are taken, the 31st is not.
      fill: async (f) => {
        for (let i = 0; i < FAMILY_LIMITS.allergies.max; i++) {
          const res = await a.call(f.token, 'POST', `/api/Student/${f.childIds[0]}/Allergies`, {
            name: `Allergen ${i}`,
          });
          expect(res.statusCode, `allergy ${i + 1}`).toBe(201);
        }
      },
      attempt: (f, language) =>
        send(f, 'POST', `/api/Student/${f.childIds[0]}/Allergies`, { name: 'Allergen over' }, language),
    },
    invitations: {
      fill: async (f) => {
        for (let i = 0; i < FAMILY_LIMITS.invitations.max; i++) {
          await t.database.db.insert(familyInvitations).values({
            invitedBy: f.userId,
            emailAddress: `invited${i}.${kind}@example.com`,
            tokenHash: `hash-${kind}-${f.userId}-${i}`,
            expiresAt: new Date('2026-11-25T00:00:00Z'),
          });
        }
      },
      attempt: (f, language) =>
        send(f, 'POST', '/api/Family/Invitations', { emailAddress: `oneover.${kind}@example.com` }, language),
    },
    waitlist: {
      fill: async (f) => {
        for (let i = 0; i < FAMILY_LIMITS.waitlist.max; i++) {
          const sessionId = await a.session({ rosterSize: 0, waitlistSize: 5 });
          await t.database.db
            .insert(waitlistSubmissions)
            .values({ classSessionId: sessionId, studentId: f.childIds[0]!, userId: f.userId });
        }
      },
      attempt: async (f, language) => {
        const sessionId = await a.session({ rosterSize: 0, waitlistSize: 5 });
        return send(
          f,
          'POST',
          `/api/ClassSessionEnrollment/JoinWaitlist/${sessionId}`,
          { classSessionId: sessionId, studentIds: [f.childIds[0]] },
          language,
        );
      },
    },
    photoBytes: {
      // Two adults with passes; the first one's photo already takes the whole quota.
      fill: async (f) => {
        for (const name of ['Ana', 'Bo']) {
          const res = await a.call(f.token, 'POST', '/api/Student/Trustees', contact(f, name));
          const issued = await a.call(f.token, 'POST', `/api/Student/Trustees/${res.json().id}/Pass`, {
            pin: '2468',
          });
          expect(issued.statusCode).toBe(201);
          if (name === 'Ana')
            await t.database.db
              .update(digitalPassports)
              .set({ imageUrl: 'photos/aaaaaaaa-full.png', imageBytes: FAMILY_LIMITS.photoBytes.max })
              .where(eq(digitalPassports.id, issued.json().id));
        }
      },
      attempt: async (f, language) => {
        const bo = (await a.call(f.token, 'GET', '/api/Student/Trustees'))
          .json()
          .find((c: { firstName: string }) => c.firstName === 'Bo');
        const boundary = '----lcphoto';
        return t.app.inject({
          method: 'PUT',
          url: `/api/Student/Trustees/${bo.id}/Pass/Photo`,
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bo.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            PNG,
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            authorization: `Bearer ${f.token}`,
            'accept-language': language,
          },
        });
      },
    },
  };

  it('has a case here for every capped list', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(FAMILY_LIMITS).sort());
  });

  it.each(Object.keys(FAMILY_LIMITS) as FamilyList[])(
    'refuses the add past the cap of %s with its sentence, in English and Spanish',
    async (list) => {
      const limit = FAMILY_LIMITS[list];
      const family = await a.family(`Cap${list}`, 1);
      await cases[list].fill(family);
      const refused = await cases[list].attempt(family, 'en');
      expect(refused.statusCode).toBe(limit.status);
      expect(refused.json().message).toBe(limit.message);
      if ('field' in limit) expect(refused.json().fields).toEqual({ [limit.field]: limit.message });
      const spanish = await cases[list].attempt(family, 'es');
      const said = apiErrorSentence(limit.code, limit.params, 'es');
      expect(said).not.toBe(limit.message);
      expect(spanish.statusCode).toBe(limit.status);
      expect(spanish.json().message).toBe(said);
    },
  );
});
