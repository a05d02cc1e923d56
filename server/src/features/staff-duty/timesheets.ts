/**
 * Timesheets by week (issue 26, decision 038): Monday to Sunday in the center's calendar (contract
 * `weekStart`), per person the minutes on duty each day (punches in force, counted on their `day`), the
 * total, and whether a punch is still open (not counted until it is closed or corrected). The director reads
 * everyone's (or one person's); a teacher only their own (another person's id answers 404). The CSV for
 * payroll is exactly the table: the same rows, hours as "h:mm".
 */
import { hoursText, type Timesheet, weekStart } from '@lc/contract';
import { addDays } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { queryRows } from '../../db/client.ts';
import type { AuthUser } from '../../http/authenticate.ts';
import { notFound } from '../../http/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { tableCsv } from '../class-sessions/roster-csv.ts';
import { punchesWhere } from './punches.ts';

/** The week holding `week` (default today) for `user`'s view; see the module comment. */
export async function timesheet(
  ctx: AppContext,
  user: AuthUser,
  query: { week?: string; userId?: string },
): Promise<Timesheet> {
  const from = weekStart(query.week ?? ctx.clock.today());
  const to = addDays(from, 6);
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  let only: string | null = query.userId ?? null;
  if (user.role !== 'Admin') {
    if (only && only !== user.id) throw notFound('staffMember');
    only = user.id;
  }
  if (only && !isUuid(only)) throw notFound('staffMember');
  const people = await queryRows<{ id: string; name: string }>(
    ctx.db,
    sql`select u.id, u.first_name || ' ' || u.last_name as name from users u
      where (u.type in ('Staff', 'Admin') or exists (select 1 from staff_punches sp where sp.user_id = u.id))
        and u.closed_at is null ${only ? sql`and u.id = ${only}` : sql``}
      order by u.first_name, u.last_name, u.id`,
  );
  if (only && people.length === 0) throw notFound('staffMember');
  const punches = await punchesWhere(
    ctx.db,
    sql`sp.day between ${from} and ${to} ${only ? sql`and sp.user_id = ${only}` : sql``}`,
  );
  return {
    from,
    to,
    days,
    people: people
      .map((person) => {
        const own = punches.filter((p) => p.userId === person.id);
        const minutes = days.map((day) =>
          own
            .filter((p) => p.day === day && p.outAt)
            .reduce((sum, p) => sum + Math.round((Date.parse(p.outAt!) - Date.parse(p.inAt)) / 60_000), 0),
        );
        return {
          userId: person.id,
          name: person.name,
          minutes,
          totalMinutes: minutes.reduce((a, b) => a + b, 0),
          open: own.some((p) => !p.outAt),
          punches: own,
        };
      })
      // The director's week lists those who worked it; a person asked for by id is always listed.
      .filter((p) => only !== null || p.punches.length > 0),
  };
}

/** The timesheet's columns: the person, each day "Mon 2026-11-30", the total, and an open punch. */
export function timesheetColumns(sheet: Timesheet): string[] {
  const names = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return ['Staff member', ...sheet.days.map((d, i) => `${names[i]} ${d}`), 'Total', 'Open punch'];
}

/** The CSV for payroll: exactly the timesheet's table. */
export function timesheetCsv(sheet: Timesheet): string {
  return tableCsv(
    timesheetColumns(sheet),
    sheet.people.map((p) => [
      p.name,
      ...p.minutes.map(hoursText),
      hoursText(p.totalMinutes),
      p.open ? 'Yes' : 'No',
    ]),
  );
}
