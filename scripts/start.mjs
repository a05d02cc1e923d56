#!/usr/bin/env node
/**
 * `npm start`: build the web app if it is missing or its sources changed, then run the server as a child
 * that receives this process's stop signals (no server is left running when `npm start` is stopped).
 * On a Node.js older than 22.12 it stops with one line saying how to get Node 24.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Node.js 22.12 or newer (engines); say how to get Node 24 instead of failing somewhere deeper.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `This app needs Node.js 22.12 or newer (this is ${process.version}): install Node 24 LTS from https://nodejs.org, or run \`npm install --prefix .tools/node24 node@24\` and put .tools/node24/node_modules/.bin first on PATH.`,
  );
  process.exit(1);
}
// Build only when the sources changed, and never two builds of this folder at once (scripts/build-web.mjs).
const built = await ensureWebBuilt(root);
if (typeof built === 'number') process.exit(built);

// `npm start` on the embedded database is the demo (README "Two commands"): it runs as development, where the
// built-in test checkout is on by itself. A real deployment says NODE_ENV=production, and then needs Stripe
// keys or TEST_CHECKOUT=true (server/src/config.ts; issue 21 item 9).
const env = { ...process.env };
if (!env.NODE_ENV && !env.DATABASE_URL) env.NODE_ENV = 'development';

const server = spawn(
  process.execPath,
  ['--experimental-strip-types', path.join(root, 'server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env,
  },
);
// Pass stop signals on, so stopping `npm start` always stops the server too.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
