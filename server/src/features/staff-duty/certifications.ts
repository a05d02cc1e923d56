/**
 * Staff certifications (issue 26, decision 038): CPR, pediatric first aid, background check, TB test,
 * mandated reporter training and training hours, each with its issued and expiry days (ISO, the center's
 * calendar). The director adds and removes them on the Team page (audited) and sees who expires next; a staff
 * member reads their own. Reminders are mailed to the person and to every director 30 and 7 days before
 * expiry, once each: a `certification_reminders` row per certification and lead time, claimed with
 * `on conflict do nothing` inside the round's transaction under advisory lock {@link CERTIFICATION_LOCK}.
 */

import { randomBytes } from 'node:crypto';
import {
  CERTIFICATION_REMINDER_DAYS,
  type Certification,
  type CertificationInput,
  type CertificationKind,
  routes,
} from '@lc/contract';
import { addDays, daysBetween } from '@lc/contract/zoned-time';
import { eq, sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage.ts';
import type { AppContext } from '../../app-context.ts';
import { type Database, type DbOrTx, queryRows } from '../../db/client.ts';
import { certificationReminders, staffCertifications } from '../../db/schema.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { familyText, longDateIn, mailT } from '../../i18n/family-mail.ts';
import { enqueueMail } from '../../jobs/mail-outbox.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/ids.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { recordAudit } from '../audit/record.ts';
import { certificationDocumentLinks } from './certification-links.ts';

/** Advisory lock key of the certification reminders round ("LC" 0008). */
export const CERTIFICATION_LOCK = 0x4c43_0008;
/** The storage folder of certificates' scans. */
export const CERTIFICATION_FILES = 'certifications';
/** The director's "expiring next" list reaches this many days ahead (expired ones included). */
export const EXPIRING_DAYS = 60;

type CertRow = {
  id: string;
  user_id: string;
  name: string;
  kind: CertificationKind;
  hours: number | null;
  issued_on: string;
  expires_on: string | null;
  document_name?: string | null;
  document_type?: string | null;
  document_bytes?: number | null;
};

const select = sql`select c.id, c.user_id, u.first_name || ' ' || u.last_name as name, c.kind, c.hours,
    c.issued_on::text as issued_on, c.expires_on::text as expires_on,
    c.document_name, c.document_type, c.document_bytes
  from staff_certifications c join users u on u.id = c.user_id`;

/** How a reader who may see the scans signs their links (the director, or the holder). */
export type DocumentView = { links: LinkSigner; now: Date };

const toCertification = (r: CertRow, today: string, view?: DocumentView): Certification => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  kind: r.kind,
  hours: r.hours,
  issuedOn: r.issued_on,
  expiresOn: r.expires_on,
  daysLeft: r.expires_on ? daysBetween(today, r.expires_on) : null,
  document:
    view && r.document_name && r.document_type
      ? {
          fileName: r.document_name,
          contentType: r.document_type,
          bytes: Number(r.document_bytes ?? 0),
          url: view.links.sign(r.id, view.now),
        }
      : null,
});

/** 404 unless `userId` is an open staff account. */
async function requireStaffMember(db: DbOrTx, userId: string): Promise<void> {
  if (!isUuid(userId)) throw notFound('staffMember');
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where id = ${userId} and type in ('Staff', 'Admin') and closed_at is null`,
  );
  if (!row) throw notFound('staffMember');
}

/**
 * `userId`'s certifications, soonest expiry first (those that do not expire last). The director reads
 * anyone's; a teacher only their own (another person's id answers 404).
 */
export async function certificationsOf(ctx: AppContext, user: AuthUser, userId: string) {
  if (user.role !== 'Admin' && user.id !== userId) throw notFound('staffMember');
  await requireStaffMember(ctx.db, userId);
  const rows = await queryRows<CertRow>(
    ctx.db,
    sql`${select} where c.user_id = ${userId} order by c.expires_on nulls last, c.kind, c.id`,
  );
  const now = ctx.clock.now();
  const view = { links: await certificationDocumentLinks(ctx), now };
  const today = ctx.clock.today(now);
  return { certifications: rows.map((r) => toCertification(r, today, view)) };
}

/**
 * The director attaches (or replaces) certification `certificationId`'s scan: `upload` was already read and
 * checked by its bytes (PDF, JPEG or PNG; `readUpload`). The file goes to the storage first; a failed update
 * removes it again, and a replaced scan's file is removed after the commit. Audited. 404 unknown.
 */
export async function attachCertificationDocument(
  ctx: AppContext,
  storage: FileStorage,
  actor: AuthUser,
  certificationId: string,
  upload: { bytes: Buffer; mime: string; ext: string; fileName: string },
): Promise<Certification> {
  if (!isUuid(certificationId)) throw notFound('certification');
  const now = ctx.clock.now();
  const key = `${CERTIFICATION_FILES}/${randomBytes(16).toString('hex')}.${upload.ext}`;
  await storage.put(key, upload.bytes, upload.mime);
  let replaced: string | null = null;
  try {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(staffCertifications)
        .where(eq(staffCertifications.id, certificationId))
        .for('update');
      if (!before) throw notFound('certification');
      replaced = before.documentKey;
      await tx
        .update(staffCertifications)
        .set({
          documentKey: key,
          documentName: upload.fileName,
          documentType: upload.mime,
          documentBytes: upload.bytes.length,
        })
        .where(eq(staffCertifications.id, certificationId));
      await recordAudit(
        tx,
        {
          actorUserId: actor.id,
          action: 'duty.certification.document',
          entityType: 'User',
          entityId: before.userId,
          before: { certificationId, kind: before.kind, fileName: before.documentName },
          after: { certificationId, kind: before.kind, fileName: upload.fileName },
        },
        now,
      );
    });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  if (replaced) await storage.delete(replaced).catch(() => {});
  const [saved] = await queryRows<CertRow>(ctx.db, sql`${select} where c.id = ${certificationId}`);
  const view = { links: await certificationDocumentLinks(ctx), now };
  return toCertification(saved!, ctx.clock.today(now), view);
}

/** The storage key and file name of certification `certificationId`'s scan, or null (none, or unknown). */
export async function certificationDocumentFile(db: DbOrTx, certificationId: string) {
  if (!isUuid(certificationId)) return null;
  const [row] = await db
    .select({ key: staffCertifications.documentKey, fileName: staffCertifications.documentName })
    .from(staffCertifications)
    .where(eq(staffCertifications.id, certificationId));
  return row?.key && row.fileName ? { key: row.key, fileName: row.fileName } : null;
}

/** The director adds a certification to `userId`'s profile (audited). 404 for an unknown staff member. */
export async function addCertification(
  ctx: AppContext,
  actor: AuthUser,
  userId: string,
  input: CertificationInput,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await requireStaffMember(tx, userId);
    const [row] = await tx
      .insert(staffCertifications)
      .values({
        userId,
        kind: input.kind,
        hours: input.hours,
        issuedOn: input.issuedOn,
        expiresOn: input.expiresOn,
        createdBy: actor.id,
        created: now,
      })
      .returning({ id: staffCertifications.id });
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'duty.certification.add',
        entityType: 'User',
        entityId: userId,
        before: null,
        after: { certificationId: row!.id, ...input },
      },
      now,
    );
    const [saved] = await queryRows<CertRow>(tx, sql`${select} where c.id = ${row!.id}`);
    return toCertification(saved!, ctx.clock.today());
  });
}

/**
 * The director removes a certification (audited, with what it said), then its scan's file: its links answer
 * 404 at once. 404 unknown.
 */
export async function removeCertification(
  ctx: AppContext,
  actor: AuthUser,
  certificationId: string,
  storage?: FileStorage,
) {
  if (!isUuid(certificationId)) throw notFound('certification');
  const now = ctx.clock.now();
  const key = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(staffCertifications)
      .where(eq(staffCertifications.id, certificationId))
      .returning();
    if (!row) throw notFound('certification');
    await recordAudit(
      tx,
      {
        actorUserId: actor.id,
        action: 'duty.certification.remove',
        entityType: 'User',
        entityId: row.userId,
        before: {
          certificationId,
          kind: row.kind,
          hours: row.hours,
          issuedOn: row.issuedOn,
          expiresOn: row.expiresOn,
          fileName: row.documentName,
        },
        after: null,
      },
      now,
    );
    return row.documentKey;
  });
  if (key && storage) await storage.delete(key).catch(() => {});
}

/**
 * For the inspector: the certifications of the people `userIds` (a session's teachers and whoever was on duty),
 * by person then soonest expiry (those that do not expire last). The caller checks who may read them.
 */
export async function certificationsOfPeople(db: DbOrTx, userIds: string[], today: string) {
  if (userIds.length === 0) return [];
  const rows = await queryRows<CertRow>(
    db,
    sql`${select} where c.user_id in (${sql.join(
      userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by u.first_name, u.last_name, c.expires_on nulls last, c.kind, c.id`,
  );
  return rows.map((r) => toCertification(r, today));
}

/** Who expires next: certifications expired or expiring within EXPIRING_DAYS, soonest first (the director). */
export async function expiringNext(db: DbOrTx, today: string) {
  const rows = await queryRows<CertRow>(
    db,
    sql`${select} where c.expires_on is not null and c.expires_on <= ${addDays(today, EXPIRING_DAYS)}
      and u.closed_at is null order by c.expires_on, u.first_name, c.id`,
  );
  return { certifications: rows.map((r) => toCertification(r, today)) };
}

export type ReminderDeps = { database: Pick<Database, 'db' | 'exclusive'>; clock: Clock; appUrl: string };

/** One reminders round under the advisory lock; `{ ran: false }` when another process runs it now. */
export function sweepCertificationReminders(deps: ReminderDeps) {
  return deps.database.exclusive(CERTIFICATION_LOCK, () => remindCertifications(deps));
}

/**
 * Mail the reminders due today: for each certification expiring in at most 30 (or 7) days and not yet
 * reminded at that lead time, one mail to its holder and one to each director, in their language. A
 * certification added 5 days before expiry gets only the 7-day reminder. Answers the reminders claimed.
 */
export async function remindCertifications(deps: ReminderDeps): Promise<number> {
  const today = deps.clock.today();
  const now = deps.clock.now();
  return deps.database.db.transaction(async (tx) => {
    let sent = 0;
    const directors = await queryRows<{ first_name: string; email_address: string; language: string }>(
      tx,
      sql`select first_name, email_address, language from users where type = 'Admin' and closed_at is null`,
    );
    for (const lead of [...CERTIFICATION_REMINDER_DAYS].sort((a, b) => a - b)) {
      const due = await queryRows<CertRow & { first_name: string; email_address: string; language: string }>(
        tx,
        sql`select c.id, c.user_id, u.first_name || ' ' || u.last_name as name, c.kind, c.hours,
            c.issued_on::text as issued_on, c.expires_on::text as expires_on,
            u.first_name, u.email_address, u.language
          from staff_certifications c join users u on u.id = c.user_id
          where c.expires_on is not null and u.closed_at is null
            and c.expires_on >= ${today} and c.expires_on <= ${addDays(today, lead)}
            and not exists (select 1 from certification_reminders r
              where r.certification_id = c.id and r.lead_days <= ${lead})
          order by c.expires_on, c.id`,
      );
      for (const cert of due) {
        const claimed = await tx
          .insert(certificationReminders)
          .values({ certificationId: cert.id, leadDays: lead, sentAt: now })
          .onConflictDoNothing()
          .returning({ id: certificationReminders.certificationId });
        if (claimed.length === 0) continue;
        sent += 1;
        const link = `${deps.appUrl}${routes.staffTeam}`;
        const write = (to: string, firstName: string, language: string, own: boolean) => {
          const t = mailT(language);
          const values = {
            kind: t(`duty.kinds.${cert.kind}`),
            name: cert.name,
            date: longDateIn(cert.expires_on!, language),
            count: daysBetween(today, cert.expires_on!),
          };
          return enqueueMail(tx, {
            to,
            subject: t(own ? 'duty.reminderSubjectOwn' : 'duty.reminderSubject', values),
            text: familyText(
              t,
              t('greeting', { firstName }),
              t(own ? 'duty.reminderBodyOwn' : 'duty.reminderBody', values),
              t('duty.reminderLink', { link }),
            ),
          });
        };
        await write(cert.email_address, cert.first_name, cert.language, true);
        for (const director of directors)
          if (director.email_address !== cert.email_address)
            await write(director.email_address, director.first_name, director.language, false);
      }
    }
    return sent;
  });
}
