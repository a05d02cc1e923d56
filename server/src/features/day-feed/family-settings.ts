/**
 * A family's choices about the day's feed (issue 25; decision 033): each child's photo release (granted or
 * refused by a parent of the child; "not asked yet" until then) and each parent's daily summary mail (opt-in).
 */
import type { PhotoConsentInput, PhotoConsentView } from '@lc/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** The child's photo release and who last answered it ("Maya Chen"). */
export async function readPhotoConsent(db: DbOrTx, studentId: string): Promise<PhotoConsentView> {
  const [row] = await queryRows<{
    granted: boolean;
    decided_at: Date | string;
    first_name: string | null;
    last_name: string | null;
  }>(
    db,
    sql`select c.granted, c.decided_at, u.first_name, u.last_name from photo_consents c
      left join users u on u.id = c.decided_by where c.student_id = ${studentId}`,
  );
  if (!row) return { consent: 'NotAsked', decidedAt: null, decidedBy: null };
  return {
    consent: row.granted ? 'Granted' : 'Refused',
    decidedAt: new Date(row.decided_at).toISOString(),
    decidedBy: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : null,
  };
}

/** A parent answers for their child (the route has checked the child is theirs). */
export async function writePhotoConsent(
  db: DbOrTx,
  userId: string,
  studentId: string,
  input: PhotoConsentInput,
  now: Date,
): Promise<PhotoConsentView> {
  await db.execute(sql`insert into photo_consents (student_id, granted, decided_by, decided_at)
    values (${studentId}, ${input.consent === 'Granted'}, ${userId}, ${now})
    on conflict (student_id) do update set granted = excluded.granted, decided_by = excluded.decided_by,
      decided_at = excluded.decided_at`);
  return readPhotoConsent(db, studentId);
}

/** Whether `userId` chose the daily summary mail. */
export async function readDailySummary(db: DbOrTx, userId: string): Promise<{ dailySummary: boolean }> {
  const [row] = await queryRows<{ yes: boolean }>(
    db,
    sql`select exists (select 1 from daily_summary_opt_ins where user_id = ${userId}) as yes`,
  );
  return { dailySummary: row?.yes === true };
}

/** Choose it or stop it. */
export async function writeDailySummary(
  db: DbOrTx,
  userId: string,
  dailySummary: boolean,
  now: Date,
): Promise<{ dailySummary: boolean }> {
  if (dailySummary)
    await db.execute(sql`insert into daily_summary_opt_ins (user_id, created) values (${userId}, ${now})
      on conflict (user_id) do nothing`);
  else await db.execute(sql`delete from daily_summary_opt_ins where user_id = ${userId}`);
  return { dailySummary };
}
