#!/usr/bin/env node
// Writes .br and .gz beside every compressible file of a built site, so the server sends them as is.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Not .html: the server templates a nonce into every page answer and compresses it then.
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|xml|txt|webmanifest|map)$/;
const MIN_BYTES = 1024;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

for (const dir of process.argv.slice(2)) {
  let count = 0;
  for (const file of walk(dir).filter((f) => COMPRESSIBLE.test(f))) {
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    count += 1;
  }
  console.log(`precompressed ${count} files in ${dir}`);
}
