#!/usr/bin/env node
// Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every compressible static file of the web
// build, so the server answers assets by negotiation without compressing anything per request
// (apps/api/src/http/send-file.ts). Run by the web build (apps/web/react-router.config.ts, buildEnd) or by
// hand: `node scripts/precompress.mjs apps/web/build/client`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map|ico)$/;
/** Below this a compressed file saves less than its headers cost. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Compresses every file of `dir` that is worth it; returns the totals for the build log. */
export function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const st = statSync(path);
    if (st.size < MIN_BYTES) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    // A file that does not shrink is served as it is.
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    totals.files++;
    totals.raw += body.length;
    totals.br += Math.min(br.length, body.length);
    totals.gzip += Math.min(gz.length, body.length);
  }
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = resolve(process.argv[2] ?? 'apps/web/build/client');
  const t = precompress(dir);
  console.log(
    `precompressed ${t.files} files in ${dir}: ${(t.raw / 1024).toFixed(0)} KB → br ${(t.br / 1024).toFixed(0)} KB, gzip ${(t.gzip / 1024).toFixed(0)} KB`,
  );
}
