/**
 * Demo content for messages (issue 25; decision 032): the Avery family (the demo parent and Riley) has a
 * conversation with the office about Maya's first week — the last answer from the director still unread, so the
 * portal's Messages shows its count — and two Pre-K Readiness families (the demo teacher's room) have written:
 * one question still New and unread on the staff's side, one answered by the teacher with the receipt. Times are
 * the days before `today` on the center's clock, so the page always reads as a recent exchange.
 */
import { wallTimeToInstant } from '@lc/contract/zoned-time';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../client.ts';
import { conversationMessages, conversationReads, conversations } from '../schema.ts';
import { addDays } from './demo-dates.ts';

const DEMO_TIMEZONE = 'America/Los_Angeles';

type Line = { who: string; side: 'Family' | 'Center'; day: number; time: string; body: string };

/** The conversation of `familyUserId` with `lines` (ids of the authors in `who`), read as `reads` says. */
async function conversation(
  tx: Tx,
  today: string,
  familyUserId: string,
  status: 'New' | 'Replied',
  lines: Line[],
  reads: Array<{ who: string; upTo: number }>,
): Promise<void> {
  const at = (l: Line) => new Date(wallTimeToInstant(`${addDays(today, l.day)}T${l.time}`, DEMO_TIMEZONE)!);
  const [row] = await tx
    .insert(conversations)
    .values({ familyUserId, status, lastMessageAt: at(lines.at(-1)!), created: at(lines[0]!) })
    .returning({ id: conversations.id });
  await tx.insert(conversationMessages).values(
    lines.map((l) => ({
      conversationId: row!.id,
      authorId: l.who,
      side: l.side,
      body: l.body,
      created: at(l),
    })),
  );
  await tx
    .insert(conversationReads)
    .values(reads.map((r) => ({ conversationId: row!.id, userId: r.who, readAt: at(lines[r.upTo]!) })));
}

/** Insert the demo conversations; `emails` are the demo parent's, co-parent's, director's and teacher's. */
export async function insertDemoMessages(
  tx: Tx,
  today: string,
  emails: { parent: string; coParent: string; director: string; teacher: string },
): Promise<void> {
  const people = await queryRows<{ id: string; email_address: string }>(
    tx,
    sql`select id, email_address from users where email_address in
      (${emails.parent}, ${emails.coParent}, ${emails.director}, ${emails.teacher})`,
  );
  const id = (email: string) => people.find((p) => p.email_address === email)!.id;
  const [jordan, riley, director, teacher] = [
    emails.parent,
    emails.coParent,
    emails.director,
    emails.teacher,
  ].map(id);
  await conversation(
    tx,
    today,
    jordan!,
    'Replied',
    [
      {
        who: jordan!,
        side: 'Family',
        day: -2,
        time: '07:42',
        body: 'Good morning! Maya has been asking about the garden beds since her tour. Will the children be planting anything this month?',
      },
      {
        who: director!,
        side: 'Center',
        day: -2,
        time: '09:05',
        body: 'Good morning, Jordan! Yes — the Sprouts are planting winter greens and garlic on Thursday. Maya is welcome to bring her own garden gloves if she has a pair she loves.',
      },
      {
        who: riley!,
        side: 'Family',
        day: -1,
        time: '16:20',
        body: 'Thank you! She has purple ones with ladybugs. One more question: is pickup at 12:30 or 12:45 on Fridays?',
      },
      {
        who: director!,
        side: 'Center',
        day: -1,
        time: '17:02',
        body: 'Pickup is at 12:30 every weekday, Fridays included; we keep a quiet reading corner until 12:45 if traffic is slow. The ladybug gloves sound perfect!',
      },
    ],
    [
      { who: jordan!, upTo: 2 },
      { who: riley!, upTo: 2 },
      { who: director!, upTo: 3 },
    ],
  );

  // Two families of the teacher's room (Pre-K Readiness Mornings), by their children's places.
  const room = await queryRows<{ user_id: string }>(
    tx,
    sql`select distinct on (us.user_id) us.user_id from class_session_enrollments e
      join class_sessions cs on cs.id = e.class_session_id and cs.name = 'Pre-K Readiness Mornings'
      join user_students us on us.student_id = e.student_id
      where e.status = 'Enrolled' order by us.user_id limit 2`,
  );
  if (room.length < 2) return;
  await conversation(
    tx,
    today,
    room[0]!.user_id,
    'New',
    [
      {
        who: room[0]!.user_id,
        side: 'Family',
        day: 0,
        time: '07:15',
        body: 'Hi! We are running about 20 minutes late this morning — the car would not start. Is it all right if we arrive at 8:50?',
      },
    ],
    [{ who: room[0]!.user_id, upTo: 0 }],
  );
  await conversation(
    tx,
    today,
    room[1]!.user_id,
    'Replied',
    [
      {
        who: room[1]!.user_id,
        side: 'Family',
        day: -1,
        time: '19:48',
        body: 'Could you keep an eye on the bandage on his knee tomorrow? He fell off his scooter, nothing serious.',
      },
      {
        who: teacher!,
        side: 'Center',
        day: 0,
        time: '08:40',
        body: 'Of course — we will check it after outdoor play and let you know at pickup. Thank you for telling us!',
      },
    ],
    [
      { who: room[1]!.user_id, upTo: 1 },
      { who: teacher!, upTo: 1 },
    ],
  );
}
