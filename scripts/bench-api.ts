/**
 * `npm run bench:api` — the public catalog under load: `GET /api/ClassSession`, `/all` and `/{id}` at 50
 * connections (autocannon) against the real server in a child process (demo content, default logging),
 * next to a bare node:http server answering the same bytes with the same load settings, measured in the
 * same run. Prints req/s, p50/p99 and the ratio to that ceiling. Targets (decision 008): ratio ≥ 0.25 and
 * p99 ≤ 50 ms on every route and database.
 *
 * Databases: embedded PGlite always; also a PostgreSQL server when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set (a throw-away database is created there and dropped afterwards).
 * Knobs: BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  benchServerUrl,
  type ChildServer,
  type LoadResult,
  loadTest,
  startAppServer,
  startBaselineServer,
  throwAwayDatabase,
} from './bench-support.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.25;
const TARGET_P99_MS = 50;

type Row = { route: string; bytes: number; base: LoadResult; app: LoadResult };

async function benchDatabase(label: string, env: Record<string, string>): Promise<Row[]> {
  const app = await startAppServer({ SEED_DEMO: 'true', ...env });
  const rows: Row[] = [];
  try {
    const list = (await (await fetch(`${app.base}/api/ClassSession`)).json()) as { id: number }[];
    if (list.length === 0) throw new Error('The demo catalog is empty.');
    for (const route of ['/api/ClassSession', '/api/ClassSession/all', `/api/ClassSession/${list[0]!.id}`]) {
      const body = Buffer.from(await (await fetch(`${app.base}${route}`)).arrayBuffer());
      let baseline: ChildServer | undefined;
      try {
        baseline = await startBaselineServer(body);
        const base = await loadTest(`${baseline.base}${route}`, {
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        await baseline.stop();
        const measured = await loadTest(`${app.base}${route}`, {
          connections: CONNECTIONS,
          seconds: SECONDS,
        });
        rows.push({ route, bytes: body.length, base, app: measured });
        console.error(
          `  ${label} ${route}: ${Math.round(measured.rps)} req/s (node:http ${Math.round(base.rps)})`,
        );
      } finally {
        await baseline?.stop();
      }
    }
  } finally {
    await app.stop();
  }
  console.log(
    `\n${label} — ${CONNECTIONS} connections, ${SECONDS} s per run, LOG_LEVEL ${env.LOG_LEVEL ?? 'info'}`,
  );
  console.table(
    rows.map((r) => ({
      route: r.route,
      bytes: r.bytes,
      'node:http req/s': Math.round(r.base.rps),
      'req/s': Math.round(r.app.rps),
      ratio: Number((r.app.rps / r.base.rps).toFixed(3)),
      'p50 ms': r.app.p50,
      'p99 ms': r.app.p99,
      'node:http p99 ms': r.base.p99,
      'non-2xx': r.app.non2xx,
      errors: r.app.errors,
    })),
  );
  return rows;
}

async function main() {
  const results: Row[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lc-bench-api-'));
  try {
    results.push(
      ...(await benchDatabase('PGlite (embedded, DATA_DIR in a temp folder)', {
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
      })),
    );
    if (benchServerUrl) {
      const { url, drop } = await throwAwayDatabase(benchServerUrl);
      try {
        results.push(
          ...(await benchDatabase('PostgreSQL server', {
            DATA_DIR: dataDir,
            WEB_DIST: path.join(dataDir, 'no-web'),
            DATABASE_URL: url,
          })),
        );
      } finally {
        await drop();
      }
    } else {
      console.log('\n(Set BENCH_DATABASE_URL or TEST_DATABASE_URL to bench a PostgreSQL server too.)');
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const missed = results.filter(
    (r) =>
      r.app.rps / r.base.rps < TARGET_RATIO || r.app.p99 > TARGET_P99_MS || r.app.non2xx + r.app.errors > 0,
  );
  console.log(
    missed.length === 0
      ? `\nEvery route met ratio ≥ ${TARGET_RATIO} and p99 ≤ ${TARGET_P99_MS} ms.`
      : `\n${missed.length} run(s) missed ratio ≥ ${TARGET_RATIO} or p99 ≤ ${TARGET_P99_MS} ms (or had errors).`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
