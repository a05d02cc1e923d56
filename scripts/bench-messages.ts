/**
 * `npm run bench:messages` — messages between families and the center (issue 25; decision 032) on a busy center:
 * 300 families, each with a child enrolled in one of 12 rooms and a conversation of 40 messages, one teacher per
 * room and the director. The real server (`server/src/main.ts`) runs in a child process; autocannon sends from
 * this process at BENCH_CONNECTIONS (default 10):
 * - parents sending messages, each request from a parent chosen in turn (`POST /api/Messages`, a new message
 *   every time, which also queues the office's and the teacher's notifications);
 * - the 300 parents' pages polling what they read every 10 s (`GET /api/Messages/Unread`, `GET /api/Messages`);
 * - the staff's side (the director's list, a teacher's list, one conversation, the sidebar's count).
 * Prints req/s and p50/p90/p97.5/p99 per request. Target (issue 25): message send p99 under 100 ms on
 * PostgreSQL. Each request's time is also given as a ratio to `GET /healthz` measured in the same run (the
 * machine is noisy; the ratio is what to compare between runs).
 *
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL (a throw-away database, dropped afterwards); without
 * either, embedded PGlite in a temp folder. Knobs: BENCH_SECONDS (default 5), BENCH_CONNECTIONS.
 */
import { randomBytes } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../server/src/db/client.ts';
import {
  classSessionEnrollments,
  classSessions,
  conversationMessages,
  conversations,
  sessionStaff,
  students,
  userStudents,
  users,
} from '../server/src/db/schema.ts';
import { createSessionTokens } from '../server/src/features/auth/session-tokens.ts';
import { startSession } from '../server/src/features/auth/sessions.ts';
import { benchTarget, insertAll, type LoadResult, loadTest } from './bench-support.ts';

const FAMILIES = 300;
const ROOMS = 12;
const HISTORY = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TARGET_SEND_P99_MS = 100;

async function seed(database: Database, secret: string) {
  const db = database.db;
  const now = new Date();
  const person = (type: 'Admin' | 'Staff' | 'Parent', n: number) => ({
    type,
    firstName: `${type}${n}`,
    lastName: 'Bench',
    emailAddress: `${type.toLowerCase()}${n}@bench.example`,
    password: '!bench',
    // Nobody is mailed during the run: the notifications are queued, as in a real center, but not delivered.
    notifyEmail: type !== 'Parent',
  });
  const [director] = await db
    .insert(users)
    .values(person('Admin', 0))
    .returning({ id: users.id, emailAddress: users.emailAddress });
  const teachers = await db
    .insert(users)
    .values(Array.from({ length: ROOMS }, (_, i) => person('Staff', i)))
    .returning({ id: users.id, emailAddress: users.emailAddress });
  const rooms = await db
    .insert(classSessions)
    .values(
      Array.from({ length: ROOMS }, (_, i) => ({
        name: `Room ${i + 1}`,
        description: 'A room of the benchmark center.',
        sessionStartDate: '2026-09-01',
        sessionEndDate: '2027-06-15',
        daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
        registrationPrice: 120_000,
        rosterSize: 40,
        minimumAge: 3,
        maximumAge: 12,
        isActive: true,
      })),
    )
    .returning({ id: classSessions.id });
  await db
    .insert(sessionStaff)
    .values(rooms.map((r, i) => ({ classSessionId: r.id, userId: teachers[i]!.id })));
  const parents = await db
    .insert(users)
    .values(Array.from({ length: FAMILIES }, (_, i) => person('Parent', i)))
    .returning({ id: users.id, emailAddress: users.emailAddress });
  const kids = await db
    .insert(students)
    .values(parents.map((_, i) => ({ firstName: `Kid${i}`, lastName: 'Bench', dateOfBirth: '2021-05-01' })))
    .returning({ id: students.id });
  await db.insert(userStudents).values(parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id })));
  await db
    .insert(classSessionEnrollments)
    .values(
      kids.map((k, i) => ({ classSessionId: rooms[i % ROOMS]!.id, studentId: k.id, status: 'Enrolled' })),
    );
  const threads = await db
    .insert(conversations)
    .values(parents.map((p) => ({ familyUserId: p.id, status: 'Replied', lastMessageAt: now })))
    .returning({ id: conversations.id, familyUserId: conversations.familyUserId });
  await insertAll(
    threads.flatMap((c, i) =>
      Array.from({ length: HISTORY }, (_, n) => ({
        conversationId: c.id,
        authorId: n % 2 === 0 ? c.familyUserId : teachers[i % ROOMS]!.id,
        side: n % 2 === 0 ? 'Family' : 'Center',
        body: `Message ${n} about the day: snacks, naps, a painting to take home, and pickup times.`,
        created: new Date(now.getTime() - (HISTORY - n) * 3_600_000),
      })),
    ),
    (chunk) => db.insert(conversationMessages).values(chunk),
  );
  await db.execute(sql`vacuum analyze`);
  const tokens = createSessionTokens(secret, 12);
  const token = (u: { id: string; emailAddress: string }, type: 'Admin' | 'Staff' | 'Parent') =>
    startSession(
      db,
      tokens,
      { id: u.id, emailAddress: u.emailAddress, firstName: type, lastName: 'Bench', type, tokenVersion: 0 },
      now,
    );
  const parentTokens: string[] = [];
  for (const p of parents) parentTokens.push(await token(p, 'Parent'));
  return {
    director: await token(director!, 'Admin'),
    teacher: await token(teachers[0]!, 'Staff'),
    parents: parentTokens,
    oneConversation: threads[0]!.id,
  };
}

/** autocannon with a request per parent in turn (each with their own token and, for a send, a new message). */
async function perParent(
  url: string,
  tokens: string[],
  request: { method: 'GET' | 'POST'; path: string; body?: () => string },
): Promise<LoadResult> {
  let n = 0;
  const requests = [
    {
      method: request.method,
      path: request.path,
      setupRequest: (req: Record<string, unknown>) => {
        const token = tokens[n++ % tokens.length]!;
        return {
          ...req,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(request.body ? { body: request.body() } : {}),
        };
      },
    },
  ];
  const run = (duration: number) =>
    autocannon({ url, connections: CONNECTIONS, duration, requests: requests as Request[] });
  await run(1);
  const result = await run(SECONDS);
  const latency = result.latency as unknown as Record<string, number>;
  return {
    rps: result.requests.average,
    p50: latency.p50!,
    p90: latency.p90!,
    p97_5: latency.p97_5!,
    p99: latency.p99!,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main() {
  const secret = randomBytes(32).toString('hex');
  const target = await benchTarget('messages', secret);
  try {
    const database = await target.open();
    const center = await seed(database, secret);
    await database.close();
    const app = await target.startServer();
    console.log(
      `Messages on ${target.label}: ${FAMILIES} families in ${ROOMS} rooms, ${FAMILIES * HISTORY} messages; ` +
        `${CONNECTIONS} connections, ${SECONDS} s each\n`,
    );
    const baseline = await loadTest(`${app.base}/healthz`, { connections: CONNECTIONS, seconds: SECONDS });
    const rows: [string, LoadResult][] = [['baseline: GET /healthz', baseline]];
    let sent = 0;
    rows.push([
      'parents send a message (POST /api/Messages)',
      await perParent(app.base, center.parents, {
        method: 'POST',
        path: '/api/Messages',
        body: () => JSON.stringify({ body: `Thank you for today! Note ${++sent}: Ava had a great time.` }),
      }),
    ]);
    rows.push([
      'parents poll their unread count',
      await perParent(app.base, center.parents, { method: 'GET', path: '/api/Messages/Unread' }),
    ]);
    rows.push([
      'parents read their conversation (50 messages)',
      await perParent(app.base, center.parents, { method: 'GET', path: '/api/Messages' }),
    ]);
    const staff: [string, string, string][] = [
      ['director', 'director: conversations, page 1', '/api/staff/conversations'],
      ['teacher', 'teacher: own families’ conversations', '/api/staff/conversations'],
      ['director', 'director: one conversation', `/api/staff/conversations/${center.oneConversation}`],
      ['director', 'director: sidebar’s unread count', '/api/staff/conversations/summary'],
    ];
    for (const [who, label, route] of staff)
      rows.push([
        label,
        await loadTest(`${app.base}${route}`, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: { authorization: `Bearer ${who === 'director' ? center.director : center.teacher}` },
        }),
      ]);
    console.log(
      'request                                         req/s     p50     p90   p97.5     p99  p99 ÷ baseline',
    );
    for (const [label, r] of rows)
      console.log(
        `${label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} ${[r.p50, r.p90, r.p97_5, r.p99]
          .map((v) => `${v.toFixed(0).padStart(5)} ms`)
          .join(
            ' ',
          )}  ${(r.p99 / Math.max(1, baseline.p99)).toFixed(1).padStart(5)}×${r.non2xx || r.errors ? `  (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
      );
    const send = rows[1]![1];
    console.log(
      `\nTarget: message send p99 under ${TARGET_SEND_P99_MS} ms — ${send.p99.toFixed(0)} ms: ${send.p99 < TARGET_SEND_P99_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await target.cleanUp();
  }
}

await main();
