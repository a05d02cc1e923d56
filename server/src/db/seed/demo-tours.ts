/**
 * The demo's tour times (issue 24, decision 028): a few published next week, one of them booked by Maya Chen
 * (the demo inbox's tour request, who asked for a Tuesday or Thursday morning), and a tour this afternoon with
 * the Ellis family, so the staff calendar, the inbox item and Today all show tours. Times are the center's
 * wall clock, relative to today.
 */
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { eq } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { contactSubmissions, tourSlots, users } from '../schema.ts';
import { addDays } from './demo-dates.ts';

const DEMO_TIMEZONE = 'America/Los_Angeles';

const at = (day: string, time: string) => new Date(wallTimeToInstant(`${day}T${time}`, DEMO_TIMEZONE)!);

/** Insert the demo's tour times and bookings; the inbox (demo-inbox.ts) and the director must exist already. */
export async function insertDemoTours(tx: Tx, today: string, directorEmail: string): Promise<void> {
  const [director] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.emailAddress, directorEmail));
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const nextMonday = addDays(today, (8 - weekday) % 7 || 7);
  const slot = (day: string, time: string) => ({
    startsAt: at(day, time),
    minutes: 45,
    capacity: 1,
    createdBy: director?.id ?? null,
  });
  const [, tuesdayMorning, , , todays] = await tx
    .insert(tourSlots)
    .values([
      slot(nextMonday, '10:00'),
      slot(addDays(nextMonday, 1), '09:30'),
      slot(addDays(nextMonday, 1), '15:30'),
      slot(addDays(nextMonday, 3), '09:30'),
      slot(today, '15:30'),
    ])
    .returning({ id: tourSlots.id });

  await tx
    .update(contactSubmissions)
    .set({ tourSlotId: tuesdayMorning!.id })
    .where(eq(contactSubmissions.email, 'maya.chen@example.com'));

  const yesterday = at(addDays(today, -1), '09:00');
  await tx.insert(contactSubmissions).values({
    firstName: 'Jordan',
    lastName: 'Ellis',
    email: 'jordan.ellis@example.com',
    phoneNumber: '+16505550163',
    childName: 'Nora',
    childBirthdate: `${Number(today.slice(0, 4)) - 3}-09-21`,
    previousAttendance: false,
    referred: 'The library’s story time',
    message:
      'Nora turns four this spring and we are looking at morning programs. My partner Sam will come too — could we see the reading corner and the garden?',
    tour: true,
    status: 'Replied',
    tourSlotId: todays!.id,
    tourReminderSentAt: yesterday,
    submitted: at(addDays(today, -6), '20:15'),
    updated: yesterday,
  });
}
