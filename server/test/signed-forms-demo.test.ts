/**
 * Signed forms (issue 26; decision 036), the demo's side: Jordan Avery signed the enrollment agreement's first
 * version for Maya (version 2 now asks again) and her medical authorization (the medication log's, decision
 * 040); a field trip permission waits, the photo release is signed; the seeded signature's SHA-256 checks out and its PDF opens for the director.
 */
import { describe, expect, it } from 'vitest';
import { createStorage } from '../src/adapters/storage.ts';
import { DEMO_DIRECTOR, DEMO_PARENT, seedDemo } from '../src/db/seed/demo.ts';
import { createTestApp } from './helpers.ts';
import { api, movableClock } from './support/registration.ts';

const NOW = '2026-11-20T18:00:00Z';

describe('the demo’s signed forms', () => {
  it('shows Maya’s forms in each state and a signature that verifies', async () => {
    const t = await createTestApp('pglite', { clock: movableClock(NOW) });
    try {
      await seedDemo(t.database.db, '2026-11-20', createStorage(t.ctx.config));
      const a = api(t);
      const login = async (emailAddress: string, password: string) =>
        (await a.call(null, 'POST', '/api/UserAuthentication/Login', { emailAddress, password })).body;
      const parent = await login(DEMO_PARENT.emailAddress, DEMO_PARENT.password);
      const forms = (await a.call(parent, 'GET', '/api/Forms')).json() as Array<{
        title: string;
        childName: string;
        status: string;
        signatureId: string | null;
      }>;
      const byTitle = Object.fromEntries(forms.map((f) => [f.title, f]));
      expect(byTitle['Enrollment agreement']).toMatchObject({ childName: 'Maya', status: 'NeedsResign' });
      expect(byTitle['Medical authorization']?.status).toBe('Signed');
      expect(byTitle['Photo release']?.status).toBe('Signed');
      expect(byTitle['Field trip permission: Filoli gardens']?.status).toBe('NeedsSignature');
      const director = await login(DEMO_DIRECTOR.emailAddress, DEMO_DIRECTOR.password);
      const id = byTitle['Enrollment agreement']!.signatureId!;
      const check = (await a.call(director, 'GET', `/api/staff/form-signatures/${id}/verify`)).json();
      expect(check.matches).toBe(true);
      const signature = (await a.call(director, 'GET', `/api/staff/form-signatures/${id}`)).json();
      expect(signature.signerName).toBe('Jordan Avery');
      const pdf = await t.app.inject({ method: 'GET', url: signature.pdfUrl });
      expect(pdf.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
