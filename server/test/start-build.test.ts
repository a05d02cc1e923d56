/**
 * `npm start` builds the web app only when its sources changed, and two starts in one folder never build at
 * once (issue 21 item 19; scripts/build-web.mjs). A fake build stands in for Vite: it writes `dist/index.html`
 * first and `dist-ssr` after, as the real one does, and records when it ran.
 */
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { ensureWebBuilt, needsBuild, sourceFingerprint } from '../../scripts/build-web.mjs';

let root: string;
const runs: Array<{ start: number; end: number }> = [];

/** The fake build: 150 ms of "work", then index.html, then dist-ssr a moment later (like Vite's two passes). */
async function fakeBuild(folder: string): Promise<number> {
  const start = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 150));
  await mkdir(path.join(folder, 'web/dist'), { recursive: true });
  await writeFile(path.join(folder, 'web/dist/index.html'), '<!doctype html>');
  await new Promise((resolve) => setTimeout(resolve, 20));
  await mkdir(path.join(folder, 'web/dist-ssr'), { recursive: true });
  await writeFile(path.join(folder, 'web/dist-ssr/entry-server.js'), 'export {}');
  runs.push({ start, end: Date.now() });
  return 0;
}
const quiet = { build: fakeBuild, log: () => {} };

beforeEach(async () => {
  runs.length = 0;
  root = await mkdtemp(path.join(os.tmpdir(), 'lc-build-'));
  await mkdir(path.join(root, 'web/src'), { recursive: true });
  await mkdir(path.join(root, 'contract/src'), { recursive: true });
  await writeFile(path.join(root, 'web/src/main.tsx'), 'export const hello = 1;');
  await writeFile(path.join(root, 'contract/src/index.ts'), 'export {};');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('building the web app at start', () => {
  it('builds once, then a second start of an unchanged checkout builds nothing', async () => {
    expect(needsBuild(root)).toBe(true);
    expect(await ensureWebBuilt(root, quiet)).toBe('built');
    // dist-ssr was written after dist/index.html: the output's own times no longer count as a change.
    expect(needsBuild(root)).toBe(false);
    expect(await ensureWebBuilt(root, quiet)).toBe('fresh');
    expect(runs).toHaveLength(1);
  });

  it('builds again when a web or contract source changes', async () => {
    await ensureWebBuilt(root, quiet);
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(root, 'contract/src/index.ts'), later, later);
    expect(needsBuild(root)).toBe(true);
    expect(await ensureWebBuilt(root, quiet)).toBe('built');
    await writeFile(path.join(root, 'web/src/new-page.tsx'), 'export const page = 2;');
    expect(await ensureWebBuilt(root, quiet)).toBe('built');
    expect(runs).toHaveLength(3);
  });

  it('ignores build output and caches in the fingerprint', async () => {
    const before = sourceFingerprint(root);
    await mkdir(path.join(root, 'web/dist-ssr'), { recursive: true });
    await writeFile(path.join(root, 'web/dist-ssr/x.js'), 'x');
    await writeFile(path.join(root, 'web/tsconfig.tsbuildinfo'), '{}');
    expect(sourceFingerprint(root)).toBe(before);
  });

  it('never runs two builds of one folder at once: the second start waits and finds it built', async () => {
    const results = await Promise.all([ensureWebBuilt(root, quiet), ensureWebBuilt(root, quiet)]);
    expect(results.sort()).toEqual(['built', 'fresh']);
    expect(runs).toHaveLength(1);
    await expect(readFile(path.join(root, 'web/.build.lock'), 'utf8')).rejects.toThrow(/ENOENT/);
  });

  it('takes over a lock left by a process that is gone', async () => {
    // A pid far above any live process's: the lock is stale.
    await writeFile(path.join(root, 'web/.build.lock'), '2147480000');
    expect(await ensureWebBuilt(root, quiet)).toBe('built');
  });

  it('does not mark a failed build as done', async () => {
    expect(await ensureWebBuilt(root, { build: async () => 2, log: () => {} })).toBe(2);
    expect(needsBuild(root)).toBe(true);
  });
});
