/**
 * The demo's medication log (issue 26; decision 040): Maya's signed medical authorization lets the bridge room
 * log doses, her two inhaler doses show in Jordan's portal with the signer, and the room's medication page
 * shows what Jordan authorized. Her health record (decision 035) names the inhaler and holds her physical exam
 * form, checked by the director, whose PDF opens from its signed link.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createStorage } from '../src/adapters/storage.ts';
import { queryRows } from '../src/db/client.ts';
import { DEMO_DIRECTOR, DEMO_PARENT, seedDemo } from '../src/db/seed/demo.ts';
import { createTestApp } from './helpers.ts';
import { api, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe('the demo’s medication log', () => {
  it('shows Maya’s inhaler doses to Jordan and her authorization on the room’s medication page', async () => {
    const t = await createTestApp('pglite', { clock: movableClock(NOW) });
    try {
      await seedDemo(t.database.db, '2026-11-20', createStorage(t.ctx.config));
      const a = api(t);
      const login = async (emailAddress: string, password: string) =>
        (await a.call(null, 'POST', '/api/UserAuthentication/Login', { emailAddress, password })).body;
      const [maya] = await queryRows<{ id: string; session: number }>(
        t.database.db,
        sql`select s.id, e.class_session_id as session from students s
          join class_session_enrollments e on e.student_id = s.id
          join class_sessions cs on cs.id = e.class_session_id
          where s.first_name = 'Maya' and cs.name = 'Late Fall Bridge Weeks'`,
      );
      const parent = await login(DEMO_PARENT.emailAddress, DEMO_PARENT.password);
      const log = (await a.call(parent, 'GET', `/api/Student/${maya!.id}/Medication`)).json();
      expect(
        log.doses.map((d: { medication: string; dose: string }) => `${d.medication}, ${d.dose}`),
      ).toEqual(['Albuterol inhaler, 2 puffs', 'Albuterol inhaler, 2 puffs']);
      expect(log.doses[0].givenBy).toBe('Sam Whitaker');
      expect(log.doses[0].authorizedBy).toBe('Jordan Avery');
      // The demo's teacher covers the bridge room without being assigned to it: the director reads its page.
      const director = await login(DEMO_DIRECTOR.emailAddress, DEMO_DIRECTOR.password);
      const page = await a.call(director, 'GET', `/api/staff/sessions/${maya!.session}/medication`);
      expect(page.statusCode, page.body).toBe(200);
      const child = page.json().children.find((c: { studentId: string }) => c.studentId === maya!.id);
      expect(child.refusal).toBeNull();
      // The page opens on the last seven days, which hold Maya's two doses.
      expect(page.json().doses.map((d: { medication: string }) => d.medication)).toEqual([
        'Albuterol inhaler',
        'Albuterol inhaler',
      ]);
      expect(JSON.stringify(child.authorization.answers)).toContain('albuterol inhaler');
      // Her health record names the same inhaler, so the teacher reads it twice before giving it.
      expect(child.healthMedications).toEqual(['Albuterol inhaler, 2 puffs when wheezy (mild asthma)']);

      // Her physical exam form, uploaded by Jordan and checked by the director, counts until the physical
      // runs out (in three weeks), and opens as the PDF from its signed link.
      const health = (await a.call(parent, 'GET', `/api/Student/${maya!.id}/Health`)).json();
      expect(health.physicalOn).toBe('2025-12-11');
      expect(
        health.documents.map((d: { kind: string; fileName: string; expiresOn: string }) => [
          d.kind,
          d.fileName,
          d.expiresOn,
        ]),
      ).toEqual([['PhysicalExamForm', 'Maya Avery physical exam.pdf', '2026-12-11']]);
      const exam = health.documents[0];
      expect(exam.check).toMatchObject({ checkedBy: 'Elena Okafor' });
      const file = await t.app.inject({ method: 'GET', url: exam.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.rawPayload.length).toBe(exam.bytes);
    } finally {
      await t.close();
    }
  });
});
