/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app
 * over 1 KB, at the highest settings: done once here, so the server sends them as they are
 * (@fastify/static `preCompressed`) instead of compressing on every request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (statSync(file).size < 1024) continue;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dist) || '.'}`);
