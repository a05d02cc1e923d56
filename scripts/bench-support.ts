/**
 * Shared pieces of the benchmarks (`bench:api`, `bench:rush`, `bench:staff`): a throw-away PostgreSQL database, the real
 * server (`server/src/main.ts`) in a child process, a bare node:http server in a child process answering the
 * same bytes (the machine's ceiling, measured in the same run), an autocannon run, and percentiles.
 * Every number a benchmark prints is compared with that ceiling, because the machine is shared and noisy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The PostgreSQL server to bench on, if any: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const benchServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Create an empty database on `serverUrl`; answers its URL and a function that drops it. */
export async function throwAwayDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lc_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export type ChildServer = { base: string; child: ChildProcess; stop: () => Promise<void> };

async function waitForHttp(base: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}): ${stderr()}`);
    try {
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`The server did not answer within 60 s: ${stderr()}`);
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}

function startChild(args: string[], env: Record<string, string>, port: number): Promise<ChildServer> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    // The caller says which database the child uses: a DATABASE_URL left in the shell would silently point
    // it at another database (where the bench's families do not exist).
    env: { ...withoutDatabaseUrl(process.env), ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The server's log lines go to /dev/null: written (so logging costs what it costs), not read back.
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  return waitForHttp(base, child, () => stderr).then(
    () => ({ base, child, stop }),
    async (error) => {
      await stop();
      throw error;
    },
  );
}

/**
 * The real server (`server/src/main.ts`, as `npm start` runs it) in a child process, with the default
 * logging (LOG_LEVEL info) unless `env` says otherwise. Answers once `/healthz` answers.
 */
export async function startAppServer(env: Record<string, string>): Promise<ChildServer> {
  return startChild(
    [
      // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      path.join(root, 'server/src/main.ts'),
    ],
    { NODE_ENV: 'production', TEST_CHECKOUT: 'true', LOG_LEVEL: 'info', ...env },
    await freePort(),
  );
}

/**
 * A bare node:http server in a child process answering `body` (JSON) to every request, and `/healthz`. The
 * body reaches the child through a temp file (a report of a few hundred kB is too big for an environment
 * variable).
 */
export async function startBaselineServer(body: Buffer): Promise<ChildServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lc-baseline-'));
  const file = path.join(dir, 'body');
  await writeFile(file, body);
  const code = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(process.env.BASELINE_FILE);
    http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        res.end(body);
      });
    }).listen(Number(process.env.PORT), process.env.HOST);`;
  const child = await startChild(['-e', code], { BASELINE_FILE: file }, await freePort());
  return {
    ...child,
    stop: async () => {
      await child.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One autocannon run: requests a second and latency percentiles in ms. autocannon's histogram has p90 and
 * p97.5 but no p95, so a p95 target is judged on p97.5 (stricter: p95 ≤ p97.5).
 */
export type LoadResult = {
  rps: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  non2xx: number;
  errors: number;
};

/** autocannon against `url`: `connections` connections for `seconds` seconds (after a 1 s warm-up). */
export async function loadTest(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  await autocannon({ url, connections: options.connections, duration: 1, headers: options.headers });
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    // autocannon reports every percentile of hdr-histogram-percentiles-obj; its types name fewer.
    p90: (result.latency as unknown as Record<string, number>).p90!,
    p97_5: (result.latency as unknown as Record<string, number>).p97_5!,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Insert `rows` in chunks (PostgreSQL takes at most 65,535 parameters a statement): a benchmark's seed. */
export async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 1_000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** The value at percentile `p` (0–100) of an ascending array. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/**
 * Where a benchmark's server keeps its data: a temp folder, and a throw-away database on the PostgreSQL
 * server at BENCH_DATABASE_URL/TEST_DATABASE_URL when set (else PGlite in the folder). `open` opens it from
 * this process (PGlite is one process's database: close it before `startServer`); `startServer` runs the real
 * server on it with `secret` as JWT_SECRET and no demo content; `cleanUp` stops the server and drops it all
 * (the PostgreSQL database stays when BENCH_KEEP_DATABASE=1, and its URL is printed).
 */
export async function benchTarget(name: string, secret: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `lc-bench-${name}-`));
  const server = benchServerUrl ? await throwAwayDatabase(benchServerUrl) : null;
  let app: ChildServer | undefined;
  return {
    label: server ? 'the PostgreSQL server (pool 10)' : 'PGlite (embedded)',
    open: () => openDatabase(server ? { url: server.url } : { pgliteDir: path.join(dataDir, 'pglite') }),
    async startServer(): Promise<ChildServer> {
      app = await startAppServer({
        DATA_DIR: dataDir,
        WEB_DIST: path.join(dataDir, 'no-web'),
        JWT_SECRET: secret,
        SEED_DEMO: 'false',
        ...(server ? { DATABASE_URL: server.url } : {}),
      });
      return app;
    },
    async cleanUp() {
      await app?.stop();
      // BENCH_KEEP_DATABASE=1 keeps the seeded database to look into (EXPLAIN ANALYZE); drop it by hand.
      if (server && process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept ${server.url}`);
      else await server?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
