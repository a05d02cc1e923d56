/**
 * The demo's calendar (issue 24): a teacher planning day for the whole center next week, the winter break
 * ahead, and an early dismissal for parent–teacher conferences on a day Pre-K Readiness Mornings meets, so the staff
 * calendar, Today, the attendance board and the families' My sessions all have something to show.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { classSessions, closures } from '../schema.ts';
import { addDays } from './demo-dates.ts';

/** The next winter break: December 21 to January 1 of the coming winter (this one's, until it has begun). */
export function nextWinterBreak(today: string): { startsOn: string; endsOn: string } {
  const year = Number(today.slice(0, 4));
  const start = today <= `${year}-12-21` ? year : year + 1;
  return { startsOn: `${start}-12-21`, endsOn: `${start + 1}-01-01` };
}

/**
 * The Pre-K conferences' day: the session's third Friday (it meets Monday, Wednesday and Friday), skipping the
 * winter break, so the early dismissal falls on a day the session meets.
 */
function conferenceDay(sessionStart: string, winterBreak: { startsOn: string; endsOn: string }): string {
  let fridays = 0;
  for (let day = sessionStart; ; day = addDays(day, 1)) {
    if (day >= winterBreak.startsOn && day <= winterBreak.endsOn) continue;
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 5 && ++fridays === 3) return day;
  }
}

/** Insert the demo's closures; `today` is the center's date. */
export async function insertDemoCalendar(tx: Tx, today: string): Promise<void> {
  const [preK] = await tx
    .select({ id: classSessions.id, start: classSessions.sessionStartDate })
    .from(classSessions)
    .where(eq(classSessions.name, 'Pre-K Readiness Mornings'));
  const winterBreak = nextWinterBreak(today);
  await tx.insert(closures).values([
    {
      startsOn: addDays(today, 8),
      endsOn: addDays(today, 8),
      kind: 'Closed',
      reason: 'Teacher planning day',
    },
    { ...winterBreak, kind: 'Closed', reason: 'Winter break' },
    ...(preK
      ? [
          {
            startsOn: conferenceDay(String(preK.start).slice(0, 10), winterBreak),
            endsOn: conferenceDay(String(preK.start).slice(0, 10), winterBreak),
            classSessionId: preK.id,
            kind: 'EarlyDismissal',
            dismissAt: '11:00',
            reason: 'Parent–teacher conferences',
          },
        ]
      : []),
  ]);
}
