#!/usr/bin/env node
/**
 * Writes `.br` and `.gz` next to every text asset of the web build so the server can send them
 * pre-compressed (@fastify/static `preCompressed`) instead of compressing on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
const compressible = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

let files = 0;
function walk(d) {
  for (const entry of readdirSync(d, { withFileTypes: true })) {
    const full = path.join(d, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (compressible.test(entry.name) && statSync(full).size > 512) {
      const data = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${full}.gz`, gzipSync(data, { level: 9 }));
      files++;
    }
  }
}
walk(dir);
console.log(`compressed ${files} files in ${path.relative(process.cwd(), dir) || '.'}`);
