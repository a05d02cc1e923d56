#!/usr/bin/env node
/**
 * Type-check every workspace (`tsc --noEmit` per tsconfig), two at a time: the web (its pages, then its
 * service worker, which has the worker's types rather than the DOM's) and e2e in one lane, the
 * contract and the server in the other (CI has two cores; one `tsc` uses one). Prints each project's
 * errors as tsc writes them and exits non-zero when any project fails.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

/** Run `tsc -p project` and resolve with its exit status, its output printed in one piece at the end. */
function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (status) => {
      console.log(`${status === 0 ? '✔' : '✘'} tsc -p ${project}`);
      if (output) process.stdout.write(output);
      resolve(status ?? 1);
    });
  });
}

async function lane(projects) {
  let failed = 0;
  for (const project of projects) if ((await check(project)) !== 0) failed += 1;
  return failed;
}

const failures = await Promise.all([
  lane(['web', 'web/tsconfig.sw.json', 'e2e']),
  lane(['contract', 'server']),
]);
process.exit(failures.some((n) => n > 0) ? 1 : 0);
