#!/usr/bin/env node
/**
 * `npm start`: build the web app if it is missing or older than its sources, then run the server as a child
 * that receives this process's stop signals (no server is left running when `npm start` is stopped).
 * On a Node.js older than 22.12 it stops with one line saying how to get Node 24.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Node.js 22.12 or newer (engines); say how to get Node 24 instead of failing somewhere deeper.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `This app needs Node.js 22.12 or newer (this is ${process.version}): install Node 24 LTS from https://nodejs.org, or run \`npm install --prefix .tools/node24 node@24\` and put .tools/node24/node_modules/.bin first on PATH.`,
  );
  process.exit(1);
}
const dist = path.join(root, 'web/dist/index.html');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(path.join(root, 'web')), newest(path.join(root, 'contract/src')));
if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  ['--experimental-strip-types', path.join(root, 'server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
// Pass stop signals on, so stopping `npm start` always stops the server too.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
