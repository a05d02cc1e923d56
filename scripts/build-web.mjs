#!/usr/bin/env node
/**
 * Builds the web app only when its sources changed since the last build, and never twice at once in one
 * folder (issue 21 item 19). `npm start` and `npm test` both come through here.
 *
 * - Whether to build: a fingerprint (SHA-256 of every source file's path, size and modification time) is
 *   written to `web/dist/.build-fingerprint` after a build succeeds; the build runs when the fingerprint of
 *   the sources now differs or `web/dist/index.html` is missing. Sources are `web/` without its build output
 *   (`dist`, `dist-ssr`, `node_modules`), `contract/src` and the lock file: the output's own times no longer
 *   matter (before, `dist-ssr` written after `dist/index.html` made every start rebuild).
 * - Never two at once: a lock file `web/.build.lock` is created exclusively (O_EXCL) holding the builder's
 *   pid. A second builder waits for it, then looks at the fingerprint again (the first one's build usually
 *   makes its own unnecessary). A lock whose process is gone is taken over.
 *
 * Run as a script: `node scripts/build-web.mjs` builds if needed and exits with the build's status.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Build output, caches and the lock: never sources. */
const OUTPUT = new Set(['dist', 'dist-ssr', 'node_modules', '.vite', '.build.lock']);
const isOutput = (name) => OUTPUT.has(name) || name.endsWith('.tsbuildinfo');

/** Every source file under `dir` (relative to `root`), sorted, skipping build output. */
function sourceFiles(root, dir, files = []) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return files;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (isOutput(entry.name)) continue;
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(root, relative, files);
    else files.push(relative);
  }
  return files;
}

/**
 * The fingerprint of the web app's sources under `root`: a hex SHA-256 over each file's path, size and
 * modification time (ms). Build output never changes it.
 */
export function sourceFingerprint(root) {
  const files = [...sourceFiles(root, 'web'), ...sourceFiles(root, 'contract/src')];
  if (existsSync(path.join(root, 'package-lock.json'))) files.push('package-lock.json');
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    const stat = statSync(path.join(root, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

const fingerprintFile = (root) => path.join(root, 'web/dist/.build-fingerprint');
const lockFile = (root) => path.join(root, 'web/.build.lock');

/** True when the build output is missing or was built from other sources than the ones now in `root`. */
export function needsBuild(root) {
  if (!existsSync(path.join(root, 'web/dist/index.html'))) return true;
  const stamp = fingerprintFile(root);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== sourceFingerprint(root);
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Take the folder's build lock, waiting while another live process holds it (checking every `pollMs`),
 * and return a function that releases it.
 */
export async function takeBuildLock(root, { pollMs = 250 } = {}) {
  const file = lockFile(root);
  for (;;) {
    try {
      const fd = openSync(file, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      // A lock written a moment ago may not hold its pid yet: only a readable, dead pid is stale.
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) rmSync(file, { force: true });
      else await sleep(pollMs);
    }
  }
}

/**
 * Build the web app under `root` when `needsBuild` says so, under the folder's lock. `build` runs the
 * build and returns its exit status (default: `npm run build --silent`). Returns 'built', 'fresh' (nothing
 * to do) or the failing status as a number.
 */
export async function ensureWebBuilt(root, { build = defaultBuild, log = console.log } = {}) {
  if (!needsBuild(root)) return 'fresh';
  const release = await takeBuildLock(root);
  try {
    if (!needsBuild(root)) return 'fresh'; // another process built it while we waited
    const fingerprint = sourceFingerprint(root);
    log('Building the web app…');
    const status = await build(root);
    if (status !== 0) return status;
    writeFileSync(fingerprintFile(root), `${fingerprint}\n`);
    return 'built';
  } finally {
    release();
  }
}

function defaultBuild(root) {
  return spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' }).status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const result = await ensureWebBuilt(root);
  if (result === 'fresh') console.log('The web app is up to date.');
  process.exit(typeof result === 'number' ? result : 0);
}
