import { createReadStream, type Stats, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { type Encoding, negotiate } from './compression';

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

const fileStats = (path: string): Stats | null => {
  try {
    const st = statSync(path);
    return st.isFile() ? st : null;
  } catch {
    return null;
  }
};

/**
 * Streams a file with byte-range support (players seek inside segments and MP4s) and a weak ETag.
 * Returns null when the path is not a regular file.
 *
 * `precompressed`: the build wrote `file.br` and `file.gz` beside the file (scripts/precompress.mjs); a
 * client that takes one of them gets it whole. A range request always gets the file itself: ranges count
 * the identity's bytes.
 */
export function sendFile(
  req: Request,
  path: string,
  opts: { contentType: string; cacheControl: string; precompressed?: boolean },
): Response | null {
  let st = fileStats(path);
  if (!st) return null;
  let encoding: Encoding | null = null;
  if (opts.precompressed && !req.headers.has('range')) {
    for (const enc of ['br', 'gzip'] as const) {
      if (negotiate(req.headers.get('accept-encoding'), [enc]) !== enc) continue;
      const encoded = fileStats(path + SUFFIX[enc]);
      if (!encoded) continue;
      path += SUFFIX[enc];
      st = encoded;
      encoding = enc;
      break;
    }
  }
  const etag = `W/"${st.size.toString(36)}-${Math.floor(st.mtimeMs).toString(36)}"`;
  const headers = new Headers({
    'Content-Type': opts.contentType,
    'Cache-Control': opts.cacheControl,
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': st.mtime.toUTCString(),
  });
  if (opts.precompressed) headers.set('Vary', 'Accept-Encoding');
  if (encoding) headers.set('Content-Encoding', encoding);
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });

  let start = 0;
  let end = st.size - 1;
  let status = 200;
  const range = req.headers.get('range');
  if (range) {
    const m = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
    if (!m || (m[1] === '' && m[2] === '')) return rangeNotSatisfiable(st.size, headers);
    if (m[1] === '') {
      start = Math.max(0, st.size - Number(m[2]));
    } else {
      start = Number(m[1]);
      if (m[2] !== '') end = Math.min(end, Number(m[2]));
    }
    if (start > end || start >= st.size) return rangeNotSatisfiable(st.size, headers);
    status = 206;
    headers.set('Content-Range', `bytes ${start}-${end}/${st.size}`);
  }
  headers.set('Content-Length', String(end - start + 1));
  if (req.method === 'HEAD' || st.size === 0) return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream;
  return new Response(stream, { status, headers });
}

function rangeNotSatisfiable(size: number, headers: Headers): Response {
  headers.set('Content-Range', `bytes */${size}`);
  return new Response(null, { status: 416, headers });
}
