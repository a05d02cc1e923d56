/**
 * `npm run bench:autopay` — the autopay sweep on its busiest morning (issue 23): 5,000 instalments fall due
 * today, each of a different family with a saved card, and two sweeps start at once (two server processes:
 * on PostgreSQL each has its own connection pool) against a fake payment provider that answers every charge in
 * 100 ms (BENCH_PROVIDER_MS). It checks that every instalment was charged exactly once (one provider charge per
 * instalment, no idempotency key twice, one ledger payment each, nothing left owing) and prints the time.
 *
 * Baseline, measured in the same run: the same number of 100 ms provider calls through the same bounded pools
 * with no database at all; the ratio is what the database work costs on top.
 *
 * Target (issue 23): under 2 minutes, no instalment charged twice. Database: BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL (a throw-away database, dropped afterwards); without either, embedded PGlite. Knobs:
 * BENCH_INSTALMENTS (default 5,000), BENCH_PROVIDER_MS (default 100).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OffSessionCharge, PaymentProvider } from '../server/src/adapters/payments/types.ts';
import { type Database, queryRows } from '../server/src/db/client.ts';
import {
  classSessionEnrollments,
  classSessions,
  ledgerEntries,
  paymentMethods,
  students,
  userStudents,
  users,
} from '../server/src/db/schema.ts';
import { AUTOPAY_CONCURRENCY, sweepAutopay } from '../server/src/features/billing/autopay.ts';
import { createClock } from '../server/src/lib/clock.ts';
import { benchTarget, insertAll } from './bench-support.ts';

const INSTALMENTS = Number(process.env.BENCH_INSTALMENTS ?? 5_000);
const PROVIDER_MS = Number(process.env.BENCH_PROVIDER_MS ?? 100);
const SWEEPERS = 2;
const SESSIONS = 20;
const TARGET_MS = 120_000;
const TODAY = '2026-12-08';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 5,000 families, each with one child on a plan whose instalment is due today, and a saved card. */
async function seed(database: Database) {
  const db = database.db;
  const sessions = await db
    .insert(classSessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => ({
        name: `Winter Session ${i + 1}`,
        description: 'A session of the benchmark center.',
        sessionStartDate: '2026-12-01',
        sessionEndDate: '2027-03-19',
        daySchedule: 'Monday to Friday, 8:30 am – 12:30 pm',
        registrationPrice: 180_000,
        supplyFee: 5_000,
        rosterSize: 400,
      })),
    )
    .returning({ id: classSessions.id });
  const parents: { id: string }[] = [];
  await insertAll(
    Array.from({ length: INSTALMENTS }, (_, i) => ({
      type: 'Parent',
      firstName: `Parent${i}`,
      lastName: 'Bench',
      emailAddress: `parent${i}@autopay.bench.example`,
      password: '!bench',
    })),
    async (chunk) => parents.push(...(await db.insert(users).values(chunk).returning({ id: users.id }))),
  );
  const kids: { id: string }[] = [];
  await insertAll(
    parents.map((_, i) => ({ firstName: `Child${i}`, lastName: 'Bench', dateOfBirth: '2021-05-01' })),
    async (chunk) => kids.push(...(await db.insert(students).values(chunk).returning({ id: students.id }))),
  );
  await insertAll(
    parents.map((p, i) => ({ userId: p.id, studentId: kids[i]!.id })),
    (chunk) => db.insert(userStudents).values(chunk),
  );
  await insertAll(
    parents.map((p, i) => ({
      classSessionId: sessions[i % SESSIONS]!.id,
      studentId: kids[i]!.id,
      userId: p.id,
      status: 'Enrolled',
    })),
    (chunk) => db.insert(classSessionEnrollments).values(chunk),
  );
  // The instalment due today (odd cents, as plans make them) and the deposit paid last month.
  await insertAll(
    parents.flatMap((p, i) => {
      const place = { payerUserId: p.id, classSessionId: sessions[i % SESSIONS]!.id, studentId: kids[i]!.id };
      return [
        {
          ...place,
          kind: 'charge' as const,
          amount: 53_333 + (i % 3),
          dueOn: TODAY,
          idempotencyKey: `bench:${i}:instalment`,
          created: new Date('2026-11-08T18:00:00Z'),
        },
      ];
    }),
    (chunk) => db.insert(ledgerEntries).values(chunk),
  );
  await insertAll(
    parents.map((p, i) => ({
      userId: p.id,
      provider: 'fake',
      providerCustomerId: `cus_bench_${i}`,
      providerMethodId: `pm_bench_${i}`,
      kind: 'card',
      label: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    })),
    (chunk) => db.insert(paymentMethods).values(chunk),
  );
}

/** A provider whose every charge succeeds after `PROVIDER_MS`; it counts the charges by idempotency key. */
function fakeProvider(charges: Map<string, number>): PaymentProvider {
  const refuse = () => {
    throw new Error('not used by the sweep');
  };
  return {
    name: 'stripe',
    createCheckout: refuse,
    retrieveCheckout: refuse,
    expireCheckout: refuse,
    refund: refuse,
    createSetup: refuse,
    retrieveSetup: refuse,
    retrieveCharge: refuse,
    async chargeSaved(input): Promise<OffSessionCharge> {
      charges.set(input.idempotencyKey, (charges.get(input.idempotencyKey) ?? 0) + 1);
      await sleep(PROVIDER_MS);
      return {
        status: 'succeeded',
        intentId: `pi_${input.idempotencyKey}`,
        failureCode: null,
        failureMessage: null,
        receiptUrl: null,
        raw: { id: `pi_${input.idempotencyKey}` },
      };
    },
  };
}

async function main() {
  const target = await benchTarget('autopay', randomBytes(32).toString('hex'));
  const databases: Database[] = [];
  try {
    const first = await target.open();
    databases.push(first);
    const seeded = performance.now();
    await seed(first);
    console.log(
      `Autopay on ${target.label}: ${INSTALMENTS} instalments due ${TODAY}, each a family with a saved card; ` +
        `${SWEEPERS} sweeps at once, ${AUTOPAY_CONCURRENCY} charges in flight each, a provider answering in ${PROVIDER_MS} ms ` +
        `(seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s)\n`,
    );
    // Each sweeper is a server process of its own: on PostgreSQL its own pool; PGlite is one process's database.
    for (let i = 1; i < SWEEPERS; i++)
      databases.push(target.label.startsWith('PGlite') ? first : await target.open());
    const charges = new Map<string, number>();
    const provider = fakeProvider(charges);
    const clock = createClock('America/Los_Angeles', () => new Date(`${TODAY}T18:00:00Z`));
    const started = performance.now();
    const results = await Promise.all(
      databases.map((database) =>
        sweepAutopay({
          db: database.db,
          clock,
          appUrl: 'http://localhost',
          providers: { fake: provider },
          // The bench's families have no devices: nothing to push.
          push: { deliver: async () => ({ devices: 0, sent: 0, removed: 0, failed: 0 }) },
          log: (message) => console.log(message),
        }),
      ),
    );
    const elapsed = performance.now() - started;

    // The baseline: the same provider calls through the same pools, no database.
    const baselineStarted = performance.now();
    const calls = Array.from({ length: INSTALMENTS }, (_, i) => i);
    await Promise.all(
      Array.from({ length: SWEEPERS * AUTOPAY_CONCURRENCY }, async (_, worker) => {
        for (let i = worker; i < calls.length; i += SWEEPERS * AUTOPAY_CONCURRENCY) await sleep(PROVIDER_MS);
      }),
    );
    const baseline = performance.now() - baselineStarted;

    const [check] = await queryRows<{ attempts: number; paid: number; owing: number; entries: number }>(
      first.db,
      sql`select (select count(*)::int from autopay_attempts) as attempts,
          (select count(*)::int from autopay_attempts where status = 'succeeded') as paid,
          (select count(*)::int from ledger_place_dues where owing > 0) as owing,
          (select count(*)::int from ledger_entries where idempotency_key like 'autopay:%') as entries`,
    );
    const twice = [...charges.values()].filter((n) => n > 1).length;
    const succeeded = results.reduce((sum, r) => sum + r.succeeded, 0);
    console.log(
      `sweeps: ${results.map((r) => r.succeeded).join(' + ')} = ${succeeded} charged; provider charges ${charges.size}, ` +
        `keys charged twice ${twice}; attempts ${check!.attempts}, succeeded ${check!.paid}, ledger payments ${check!.entries}, ` +
        `instalments still owing ${check!.owing}`,
    );
    console.log(
      `time ${(elapsed / 1000).toFixed(1)} s (baseline: the same ${INSTALMENTS} provider calls with no database ` +
        `${(baseline / 1000).toFixed(1)} s; ${(elapsed / baseline).toFixed(2)}× the baseline)`,
    );
    const once =
      twice === 0 && charges.size === INSTALMENTS && check!.entries === INSTALMENTS && check!.owing === 0;
    console.log(
      `\ntarget: ${INSTALMENTS} instalments in under ${TARGET_MS / 1000} s, none charged twice — ${
        elapsed < TARGET_MS && once ? 'met' : 'NOT met'
      }`,
    );
    if (!once) process.exitCode = 1;
  } finally {
    for (const database of new Set(databases)) await database.close();
    await target.cleanUp();
  }
}

await main();
