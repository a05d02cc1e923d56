/**
 * The director's staff-on-duty screens' API (issue 26, decisions 038 and 041) on a fixed Friday at the Acorn
 * and Maple Rooms (support/passes-staff-app.ts): a certificate's scan (checked by its bytes, stored, opened only
 * through its signed link, read by the director and the holder alone, gone with its certification), the phone
 * clock-in setting as the director reads it, a correction's reply naming who corrected it and what the punch
 * said before, and the program's licensing ratio. Who may call each route is asserted with what did not change.
 * The tests build on each other.
 */
import type { Certification, Timesheet } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { dbKinds } from './helpers.ts';
import { EVERYONE, passesStaffApp, statusFor } from './support/passes-staff-app.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

describe.each(dbKinds)('the director’s staff-on-duty screens on %s', (kind) => {
  const desk = passesStaffApp(kind);
  const { as, token } = desk;
  let cpr = '';

  const upload = (who: string | null, certificationId: string, bytes: Buffer, fileName = 'cpr card.pdf') => {
    const boundary = `----lc${Date.now()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
    return desk.t.app.inject({
      method: 'PUT',
      url: `/api/staff/certifications/${certificationId}/document`,
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(who ? { authorization: `Bearer ${who}` } : {}),
      },
    });
  };
  const stored = async () =>
    (
      await queryRows<{ documents: number; audits: number }>(
        desk.t.database.db,
        sql`select (select count(*)::int from staff_certifications where document_key is not null) as documents,
          (select count(*)::int from audit_events where action = 'duty.certification.document') as audits`,
      )
    )[0]!;
  const certificationsOf = async (who: string, userId: string) => {
    const res = await as(who, 'GET', `/api/staff/team/${userId}/certifications`);
    return { status: res.statusCode, list: res.json() as { certifications: Certification[] } };
  };

  it('attaches a certificate’s scan: the director only, a PDF read from its bytes, nothing kept of a refusal', async () => {
    const added = await as(
      desk.admin.token,
      'POST',
      `/api/staff/team/${desk.teacher.userId}/certifications`,
      {
        kind: 'Cpr',
        issuedOn: '2025-01-10',
        expiresOn: '2026-12-10',
      },
    );
    expect(added.statusCode).toBe(201);
    cpr = (added.json() as Certification).id;
    expect(added.json().document).toBeNull();

    for (const who of EVERYONE.filter((w) => w !== 'admin')) {
      const res = await upload(token(who), cpr, PDF);
      expect(res.statusCode, who).toBe(statusFor(who, 403));
    }
    expect(await stored()).toEqual({ documents: 0, audits: 0 });

    const words = await upload(desk.admin.token, cpr, Buffer.from('just some words, not a PDF'), 'card.pdf');
    expect(words.statusCode).toBe(400);
    expect(words.json().fields.file).toMatch(/PDF, JPEG or PNG/);
    expect(await stored()).toEqual({ documents: 0, audits: 0 });

    expect((await upload(desk.admin.token, '00000000-0000-4000-8000-000000000000', PDF)).statusCode).toBe(
      404,
    );
    expect((await upload(desk.admin.token, 'not-an-id', PDF)).statusCode).toBe(404);

    const saved = await upload(desk.admin.token, cpr, PDF);
    expect(saved.statusCode, saved.body).toBe(200);
    const cert = saved.json() as Certification;
    expect(cert.document).toMatchObject({
      fileName: 'cpr card.pdf',
      contentType: 'application/pdf',
      bytes: PDF.length,
    });
    expect(cert.document!.url).toMatch(/^\/api\/CertificationDocuments\/[0-9a-f-]+\?expires=\d+&signature=/);
    expect(await stored()).toEqual({ documents: 1, audits: 1 });
  });

  it('lets the director and the holder open the scan through its signed link, and nobody else read it', async () => {
    const director = await certificationsOf(desk.admin.token, desk.teacher.userId);
    expect(director.status).toBe(200);
    const holder = await certificationsOf(desk.teacher.token, desk.teacher.userId);
    expect(holder.status).toBe(200);
    const link = holder.list.certifications.find((c) => c.id === cpr)!.document!.url;
    expect(director.list.certifications.find((c) => c.id === cpr)!.document!.fileName).toBe('cpr card.pdf');

    const other = await as(
      desk.otherTeacher.token,
      'GET',
      `/api/staff/team/${desk.teacher.userId}/certifications`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('CertificationDocuments');
    expect(
      (await as(desk.rivera.token, 'GET', `/api/staff/team/${desk.teacher.userId}/certifications`))
        .statusCode,
    ).toBe(403);
    expect((await as(null, 'GET', `/api/staff/team/${desk.teacher.userId}/certifications`)).statusCode).toBe(
      401,
    );

    // The link is the permission: it opens without a session, and only as signed.
    const file = await desk.t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="cpr card.pdf"/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const tampered = link.replace(/signature=([^&]+)/, (_, s: string) => `signature=${s.slice(0, -2)}xx`);
    expect((await desk.t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    const bare = link.split('?')[0]!;
    expect((await desk.t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
    // A link signed for a health document's id does not open the certificate (its own label).
    const health = link.replace('/api/CertificationDocuments/', '/api/HealthDocuments/');
    expect((await desk.t.app.inject({ method: 'GET', url: health })).statusCode).toBe(404);
  });

  it('replaces a scan and removes it with its certification: the old link answers 404 at once', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const replaced = await upload(desk.admin.token, cpr, png, 'card photo.png');
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().document).toMatchObject({ fileName: 'card photo.png', contentType: 'image/png' });
    const link = (replaced.json() as Certification).document!.url;
    expect((await desk.t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(await stored()).toEqual({ documents: 1, audits: 2 });

    expect((await as(desk.teacher.token, 'DELETE', `/api/staff/certifications/${cpr}`)).statusCode).toBe(403);
    expect((await as(desk.admin.token, 'DELETE', `/api/staff/certifications/${cpr}`)).statusCode).toBe(204);
    expect((await desk.t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
    expect((await stored()).documents).toBe(0);
  });

  it('answers whether a session allows clocking in from the phone: the director only', async () => {
    const url = `/api/staff/duty/sessions/${desk.acorn}/phone`;
    for (const who of EVERYONE) {
      const res = await as(token(who), 'GET', url);
      expect(res.statusCode, who).toBe(statusFor(who, 403, { admin: 200 }));
      if (who !== 'admin') expect(res.body, who).not.toContain('allowed');
    }
    expect((await as(desk.admin.token, 'GET', url)).json()).toEqual({ allowed: false });
    expect((await as(desk.admin.token, 'PUT', url, { allowed: true })).statusCode).toBe(204);
    expect((await as(desk.admin.token, 'GET', url)).json()).toEqual({ allowed: true });
    expect((await as(desk.admin.token, 'GET', '/api/staff/duty/sessions/999999/phone')).statusCode).toBe(404);
  });

  it('says who corrected a punch and what it said before, in the timesheet', async () => {
    const added = await as(desk.admin.token, 'POST', '/api/staff/duty/punches', {
      userId: desk.otherTeacher.userId,
      classSessionId: desk.maple,
      inAt: '2026-11-17T08:00',
      outAt: null,
      reason: 'Forgot to clock in at the door',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      source: 'Correction',
      correctedBy: 'Director Family',
      original: null,
    });
    const fixed = await as(desk.admin.token, 'PATCH', `/api/staff/duty/punches/${added.json().id}`, {
      inAt: '2026-11-17T08:00',
      outAt: '2026-11-17T12:30',
      reason: 'Left at 12:30 after the last pickup',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({
      reason: 'Left at 12:30 after the last pickup',
      correctedBy: 'Director Family',
      original: { inAt: '2026-11-17T16:00:00.000Z', outAt: null, source: 'Correction' },
    });
    const sheet = (
      await as(desk.admin.token, 'GET', '/api/staff/duty/timesheets?week=2026-11-17')
    ).json() as Timesheet;
    const row = sheet.people.find((p) => p.userId === desk.otherTeacher.userId)!;
    expect(row.minutes[1]).toBe(270);
    expect(row.open).toBe(false);
    expect(row.punches).toHaveLength(1);
    expect(row.punches[0]!.original?.outAt).toBeNull();
  });

  it('keeps a program’s licensing ratio between 1 and 40 children per adult', async () => {
    const save = (childrenPerAdult: unknown) =>
      as(desk.admin.token, 'POST', '/api/staff/programs', { name: 'Toddler Room', childrenPerAdult });
    for (const bad of [0, 41, 2.5, 'twelve']) {
      const res = await save(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().fields.childrenPerAdult, String(bad)).toMatch(/from 1 to 40/);
    }
    const saved = await save(6);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(
      (saved.json() as { name: string; childrenPerAdult: number }[]).find((p) => p.name === 'Toddler Room'),
    ).toMatchObject({ childrenPerAdult: 6 });
    const teacher = await as(desk.teacher.token, 'POST', '/api/staff/programs', {
      name: 'Infants',
      childrenPerAdult: 4,
    });
    expect(teacher.statusCode).toBe(403);
  });
});
