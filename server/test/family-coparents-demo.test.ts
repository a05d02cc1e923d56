/**
 * Co-parents (issue 13), the demo's side: the seeded co-parent signs in and shares the demo family's children
 * and payments. The co-parent flows themselves are in family-coparents.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo.ts';
import { DEMO_CO_PARENT } from '../src/db/seed/demo-co-parent.ts';
import { createTestApp } from './helpers.ts';
import { api, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe('the demo’s shared family', () => {
  it('lets Riley Avery log in and see Jordan’s children and payments', async () => {
    const t = await createTestApp('pglite', { clock: movableClock(NOW) });
    try {
      await seedDemo(t.database.db, '2026-11-20');
      const a = api(t);
      const login = await a.call(null, 'POST', '/api/UserAuthentication/Login', {
        emailAddress: DEMO_CO_PARENT.emailAddress,
        password: DEMO_CO_PARENT.password,
      });
      expect(login.statusCode).toBe(200);
      const children = (await a.call(login.body, 'GET', '/api/Student')).json() as Array<{
        firstName: string;
      }>;
      expect(children.map((c) => c.firstName).sort()).toEqual(['Maya', 'Theo']);
      const family = (await a.call(login.body, 'GET', '/api/Family')).json();
      expect(family.parents.map((p: { firstName: string }) => p.firstName)).toEqual(['Jordan', 'Riley']);
    } finally {
      await t.close();
    }
  });
});
