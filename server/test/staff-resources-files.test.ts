/**
 * A session's files (issue 10): files checked by their content and size, links http(s) only, and the file
 * route's access rule (a resource file only through a signed link given to an enrolled family or staff;
 * pictures public). The role × route matrix, the order and the storage adapters are in
 * staff-resources.test.ts, the shared set-up in support/session-files.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { classSessions } from '../src/db/schema.ts';
import { dbKinds } from './helpers.ts';
import type { Family } from './support/registration.ts';
import { multipart, NOW, PDF, PNG, sessionFiles, TEXT } from './support/session-files.ts';

describe.each(dbKinds)('session files and links on %s', (kind) => {
  const shelf = sessionFiles(kind);
  const { clock, as, upload, storedFiles, snapshot } = shelf;

  describe('files are checked by their content and size', () => {
    it('refuses a text file named .pdf and sent as application/pdf, with a field message', async () => {
      const before = await snapshot();
      const res = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/resources`,
        multipart(TEXT, 'note.pdf', 'application/pdf', { name: 'Hat day' }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.file).toBe('Choose a PDF or a picture (JPEG, PNG or WebP) under 20 MB.');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a PDF as the session’s picture, and a picture over 5 MB', async () => {
      const before = await snapshot();
      const pdf = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/thumbnail`,
        multipart(PDF, 'x.png', 'image/png'),
      );
      expect(pdf.statusCode).toBe(400);
      expect(pdf.json().fields.file).toBe('Choose a picture (JPEG, PNG or WebP) under 5 MB.');
      const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
      const large = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/thumbnail`,
        multipart(big, 'big.png', 'image/png'),
      );
      expect(large.statusCode).toBe(400);
      expect(large.json().fields.file).toContain('under 5 MB');
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a document over 20 MB and accepts one just under', async () => {
      const before = await snapshot();
      const over = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
      const res = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/resources`,
        multipart(over, 'big.pdf', 'application/pdf'),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.file).toContain('under 20 MB');
      expect(await snapshot()).toEqual(before);
      const under = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024 - PDF.length - 1)]);
      const ok = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/resources`,
        multipart(under, 'packet.pdf', 'application/pdf'),
      );
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await storedFiles()).length).toBe(before.files.length + 1);
    });

    it('accepts a real PNG named .txt sent as text/plain: stored as a picture with its real extension', async () => {
      const res = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/resources`,
        multipart(PNG, 'leaf.txt', 'text/plain', { name: 'Our leaf', description: 'Found on a walk' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const leaf = res.json().find((r: { name: string }) => r.name === 'Our leaf');
      expect(leaf).toMatchObject({
        type: 'Image',
        fileName: 'leaf.png',
        description: 'Found on a walk',
        isActive: true,
      });
      expect(leaf.url).toMatch(
        /^\/api\/files\/resources\/[0-9a-f-]{36}\.png\?expires=\d+&scope=staff&signature=/,
      );
    });

    it('names an uploaded file after the file when no name is given, and keeps a name’s rules', async () => {
      const res = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/resources`,
        multipart(PDF, 'Field trip form.pdf', 'application/pdf'),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().some((r: { name: string }) => r.name === 'Field trip form')).toBe(true);
      const long = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/resources`,
        multipart(PDF, 'a.pdf', 'application/pdf', { name: 'x'.repeat(200) }),
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().fields.name).toBe('Keep the name under 120 characters');
    });

    it('a link must be http(s)', async () => {
      const before = await snapshot();
      for (const url of [
        'javascript:alert(1)',
        'ftp://files.example.com/a.pdf',
        'data:text/html,hi',
        'not a link',
      ]) {
        const res = await as(shelf.admin, 'POST', `/api/staff/sessions/${shelf.mine}/resources`, {
          type: 'Link',
          name: 'Bad',
          url,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().fields.url).toBe('Enter a web address starting with https:// (or http://)');
      }
      const type = await as(shelf.admin, 'POST', `/api/staff/sessions/${shelf.mine}/resources`, {
        type: 'Document',
        name: 'A link as a document',
        url: 'https://example.com',
      });
      expect(type.statusCode).toBe(400);
      expect(type.json().fields.type).toBeDefined();
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('serving files', () => {
    let fileUrl: string;
    let fileId: number;

    beforeAll(async () => {
      const res = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.mine}/resources`,
        multipart(PDF, 'Welcome letter.pdf', 'application/pdf', { name: 'Welcome letter' }),
      );
      expect(res.statusCode).toBe(201);
      const row = res.json().find((r: { name: string }) => r.name === 'Welcome letter');
      fileId = row.id;
      fileUrl = row.url.split('?')[0];
    });

    const familyLink = async (family: Family, id = shelf.mine) => {
      const res = await as(family.token, 'GET', `/api/ClassSession/${id}/Resources`);
      return {
        res,
        url: res.json().find?.((r: { id: number }) => r.id === fileId)?.url as string | undefined,
      };
    };

    it('a resource file’s bare address opens for no one, signed in or not', async () => {
      expect((await as(null, 'GET', fileUrl)).statusCode).toBe(404);
      expect((await as(shelf.parent.token, 'GET', fileUrl)).statusCode).toBe(404);
      expect((await as(shelf.admin, 'GET', fileUrl)).statusCode).toBe(404);
    });

    it('the enrolled family opens it through the signed link: a PDF download, not sniffed', async () => {
      const { url } = await familyLink(shelf.parent);
      expect(url).toContain('scope=family');
      const res = await as(null, 'GET', url!);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Welcome letter.pdf"; filename*=UTF-8''Welcome%20letter.pdf`,
      );
      expect(res.headers['cache-control']).toContain('private');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    });

    it('another family gets 404 for the list and has no link; a forged or moved signature opens nothing', async () => {
      const { res } = await familyLink(shelf.otherParent);
      expect(res.statusCode).toBe(404);
      const { url } = await familyLink(shelf.parent);
      const forged = url!.replace(/signature=[^&]+/, 'signature=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await as(shelf.otherParent.token, 'GET', forged)).statusCode).toBe(404);
      expect((await as(null, 'GET', url!.replace('scope=family', 'scope=staff'))).statusCode).toBe(404);
      const otherKey = url!.replace(
        /resources\/[0-9a-f-]{36}/,
        'resources/00000000-0000-4000-8000-000000000000',
      );
      expect((await as(null, 'GET', otherKey)).statusCode).toBe(404);
    });

    it('a signed link stops working when it expires', async () => {
      const { url } = await familyLink(shelf.parent);
      clock.advanceMinutes(4 * 60);
      try {
        expect((await as(null, 'GET', url!)).statusCode).toBe(404);
      } finally {
        clock.set(NOW);
      }
    });

    it('a deactivated resource leaves the family’s list and its family link; staff still open it', async () => {
      const { url } = await familyLink(shelf.parent);
      const staffUrl = (await as(shelf.admin, 'GET', `/api/staff/sessions/${shelf.mine}/resources`))
        .json()
        .find((r: { id: number }) => r.id === fileId).url;
      const off = await as(shelf.admin, 'PUT', `/api/staff/resources/${fileId}`, {
        name: 'Welcome letter',
        isActive: false,
      });
      expect(off.statusCode).toBe(200);
      expect((await familyLink(shelf.parent)).url).toBeUndefined();
      expect((await as(null, 'GET', url!)).statusCode).toBe(404);
      expect((await as(null, 'GET', staffUrl)).statusCode).toBe(200);
      const on = await as(shelf.admin, 'PUT', `/api/staff/resources/${fileId}`, {
        name: 'Welcome letter',
        isActive: true,
      });
      expect(on.statusCode).toBe(200);
    });

    it('the session’s picture is public, inline and cached for a year; the catalog shows it at once', async () => {
      const res = await upload(
        shelf.admin,
        `/api/staff/sessions/${shelf.notMine}/thumbnail`,
        multipart(PNG, 'maple.png', 'image/png'),
      );
      expect(res.statusCode).toBe(200);
      const { thumbnail } = res.json();
      expect(thumbnail).toMatch(/^\/api\/files\/thumbnails\/[0-9a-f-]{36}\.png$/);
      expect((await as(null, 'GET', `/api/ClassSession/${shelf.notMine}`)).json().thumbnail).toBe(thumbnail);
      const picture = await as(null, 'GET', thumbnail);
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/png');
      expect(picture.headers['content-disposition']).toMatch(/^inline/);
      expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(picture.headers['x-content-type-options']).toBe('nosniff');
      expect(picture.rawPayload.equals(PNG)).toBe(true);
      const [row] = await shelf.t.database.db
        .select({ thumbnail: classSessions.thumbnail })
        .from(classSessions)
        .where(eq(classSessions.id, shelf.notMine));
      expect(row!.thumbnail).toBe(thumbnail);
      const audit = await queryRows<{ action: string; after: { thumbnail: string } }>(
        shelf.t.database.db,
        sql`select action, after from audit_events where action = 'session.thumbnail.set' and entity_id = ${String(shelf.notMine)}`,
      );
      expect(audit.map((r) => r.after.thumbnail)).toEqual([thumbnail]);
    });

    it('unknown folders, odd names and missing pictures answer 404', async () => {
      for (const url of [
        '/api/files/thumbnails/00000000-0000-4000-8000-000000000000.png',
        '/api/files/secrets/00000000-0000-4000-8000-000000000000.png',
        '/api/files/thumbnails/..%2F..%2Fjwt-secret',
      ])
        expect((await as(null, 'GET', url)).statusCode, url).toBe(404);
    });
  });
});
