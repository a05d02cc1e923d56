/**
 * `npm run bench:rush` — registration opening: N parents press "Continue to payment" for the same session
 * at the same moment. The server (`server/src/main.ts`, default logging) runs in a child process; the load
 * comes from this process (one HTTP connection per parent). A bare node:http server answering the same
 * number of bytes takes the same load in the same run: its req/s and p99 are the machine's ceiling.
 * Reports req/s, p50/p99, reservations made, oversold seats (must be 0) and 5xx (must be 0); targets
 * (decision 008): every seat held, 0 oversold, 0 5xx, p99 ≤ 1 s.
 *
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL (a throw-away database is created there and dropped
 * afterwards); without either, embedded PGlite in a temp folder (one connection, so no real concurrency).
 * Knobs: RUSH_PARENTS (default 400), RUSH_SEATS (default 40), RUSH_WAVES (default 3), RUSH_SIBLING_DISCOUNT
 * (`true`: each session gives 10% off per brother or sister across its program, so every reservation also
 * counts the family's other places under the lock; issue 13, decision 014).
 *
 * A warm-up wave of the same shape runs first and is reported apart, not counted: a center opens
 * registration on a server that has been up (compiled code, open database connections), not one started a
 * second earlier. Its seats are checked like the others'.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../server/src/db/client.ts';
import { classSessions, students, userStudents, users } from '../server/src/db/schema.ts';
import { createSessionTokens } from '../server/src/features/auth/session-tokens.ts';
import { startSession } from '../server/src/features/auth/sessions.ts';
import { benchTarget, percentile, startBaselineServer } from './bench-support.ts';

const PARENTS = Number(process.env.RUSH_PARENTS ?? 400);
const SEATS = Number(process.env.RUSH_SEATS ?? 40);
const WAVES = Number(process.env.RUSH_WAVES ?? 3);
const SIBLING_DISCOUNT = process.env.RUSH_SIBLING_DISCOUNT === 'true';
/** The measured waves plus the warm-up wave in front of them. */
const ROUNDS = WAVES + 1;

type Wave = { sessionId: number; requests: { token: string; body: string }[] };

/** Families, their tokens and one session per wave, written directly (sign-up's argon2 is not measured). */
async function prepare(database: Database, secret: string): Promise<Wave[]> {
  const db = database.db;
  const parents = await db
    .insert(users)
    .values(
      Array.from({ length: PARENTS * ROUNDS }, (_, i) => ({
        firstName: 'Rush',
        lastName: `Parent${i}`,
        emailAddress: `rush.${i}@bench.example`,
        password: '!bench',
      })),
    )
    .returning({ id: users.id, emailAddress: users.emailAddress });
  const kids = await db
    .insert(students)
    .values(parents.map((_, i) => ({ firstName: 'Kid', lastName: `Rush${i}`, dateOfBirth: '2022-02-02' })))
    .returning({ id: students.id });
  await db.insert(userStudents).values(parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id })));
  const now = new Date();
  const tokens = createSessionTokens(secret, 12);
  const waves: Wave[] = [];
  for (let wave = 0; wave < ROUNDS; wave++) {
    const [session] = await db
      .insert(classSessions)
      .values({
        name: `Rush wave ${wave + 1}`,
        description: 'Registration opening benchmark.',
        sessionStartDate: '2030-01-07',
        sessionEndDate: '2030-03-29',
        daySchedule: 'Mornings',
        registrationPrice: 100_000,
        supplyFee: 5_000,
        rosterSize: SEATS,
        waitlistSize: 10,
        registrationStartDate: new Date(now.getTime() - 60_000),
        registrationEndDate: new Date(now.getTime() + 86_400_000),
        ...(SIBLING_DISCOUNT
          ? {
              siblingDiscountType: 'Percent' as const,
              siblingDiscountValue: 10,
              siblingDiscountAcrossProgram: true,
            }
          : {}),
      })
      .returning({ id: classSessions.id });
    const requests = [];
    for (let i = wave * PARENTS; i < (wave + 1) * PARENTS; i++) {
      const token = await startSession(
        db,
        tokens,
        {
          id: parents[i]!.id,
          emailAddress: parents[i]!.emailAddress,
          firstName: 'Rush',
          lastName: 'Parent',
          type: 'Parent',
          tokenVersion: 0,
        },
        now,
      );
      requests.push({
        token,
        body: JSON.stringify({ classSessionId: session!.id, studentIds: [kids[i]!.id] }),
      });
    }
    waves.push({ sessionId: session!.id, requests });
  }
  return waves;
}

type Burst = { elapsed: number; latencies: number[]; codes: Map<number, number>; bytes: number };

/** Every request at once, one connection each (as many families pressing the button at the same moment). */
async function burst(url: string, requests: Wave['requests']): Promise<Burst> {
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    requests.map(async ({ token, body }) => {
      const t0 = performance.now();
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      bytes = Math.max(bytes, (await res.arrayBuffer()).byteLength);
      latencies.push(performance.now() - t0);
      codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
    }),
  );
  latencies.sort((x, y) => x - y);
  return { elapsed: performance.now() - started, latencies, codes, bytes };
}

async function main() {
  const secret = randomBytes(32).toString('hex');
  const target = await benchTarget('rush', secret);
  try {
    // PGlite is one process's database: prepare, close, serve from the child, then reopen to count.
    let database = await target.open();
    const rounds = await prepare(database, secret);
    const [warmUp, ...waves] = rounds;
    await database.close();
    const app = await target.startServer();
    const label = target.label;
    console.log(
      `Registration rush on ${label}: ${WAVES} waves × ${PARENTS} parents for ${SEATS} seats each${SIBLING_DISCOUNT ? ', sibling discount on' : ''}\n`,
    );
    const warm = await burst(`${app.base}/api/ClassSessionEnrollment`, warmUp!.requests);
    console.log(
      `warm-up wave (not counted): p50 ${percentile(warm.latencies, 50).toFixed(0)} ms, p99 ${percentile(warm.latencies, 99).toFixed(0)} ms`,
    );
    const results: Burst[] = [];
    for (const [i, wave] of waves.entries()) {
      const result = await burst(`${app.base}/api/ClassSessionEnrollment`, wave.requests);
      results.push(result);
      const codes = [...result.codes].map(([c, n]) => `${c} ×${n}`).join(', ');
      console.log(
        `wave ${i + 1}: ${(PARENTS / (result.elapsed / 1000)).toFixed(0)} req/s, p50 ${percentile(result.latencies, 50).toFixed(0)} ms, p99 ${percentile(result.latencies, 99).toFixed(0)} ms (${codes})`,
      );
    }
    await app.stop();

    // The ceiling: the same bursts against a bare node:http server answering as many bytes.
    const bytes = Math.max(...results.map((r) => r.bytes));
    const baseline = await startBaselineServer(Buffer.from(JSON.stringify({ pad: 'x'.repeat(bytes) })));
    const ceiling: Burst[] = [];
    try {
      for (const wave of waves) ceiling.push(await burst(`${baseline.base}/`, wave.requests));
    } finally {
      await baseline.stop();
    }

    database = await target.open();
    let held = 0;
    let oversold = 0;
    for (const wave of rounds) {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from class_session_enrollments where class_session_id = ${wave.sessionId} and status in ('PendingPayment', 'Enrolled')`,
      );
      held += row!.n;
      oversold += Math.max(0, row!.n - SEATS);
    }
    await database.close();

    const all = results.flatMap((r) => r.latencies).sort((x, y) => x - y);
    const base = ceiling.flatMap((r) => r.latencies).sort((x, y) => x - y);
    const rps = all.length / (results.reduce((s, r) => s + r.elapsed, 0) / 1000);
    const baseRps = base.length / (ceiling.reduce((s, r) => s + r.elapsed, 0) / 1000);
    const count = (test: (code: number) => boolean) =>
      results.reduce((s, r) => s + [...r.codes].filter(([c]) => test(c)).reduce((t, [, n]) => t + n, 0), 0);
    const fiveXx = count((c) => c >= 500);
    console.log(
      `\nall: ${all.length} requests, ${rps.toFixed(0)} req/s (node:http ${baseRps.toFixed(0)}, ratio ${(rps / baseRps).toFixed(3)}), ` +
        `p50 ${percentile(all, 50).toFixed(0)} ms, p99 ${percentile(all, 99).toFixed(0)} ms (node:http p99 ${percentile(base, 99).toFixed(0)} ms), ` +
        `max ${all.at(-1)!.toFixed(0)} ms\nseats held ${held}/${SEATS * ROUNDS} (warm-up included), oversold ${oversold}, 201 ${count((c) => c === 201)}, ` +
        `409 ${count((c) => c === 409)}, 5xx ${fiveXx}`,
    );
    if (oversold > 0 || fiveXx > 0 || held !== SEATS * ROUNDS) process.exitCode = 1;
  } finally {
    await target.cleanUp();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
