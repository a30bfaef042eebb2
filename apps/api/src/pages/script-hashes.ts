import { createHash } from 'node:crypto';

const OPEN = Buffer.from('<script');
const CLOSE = Buffer.from('</script');
const HAS_SRC = /\ssrc\s*=/i;
/** Data blocks are never run, so a CSP need not allow them. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(?:ld\+)?json/i;
const GT = 0x3e;
const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d;
/** After `<script`: an end of the name (`\b`), not a longer one such as `<scripts`. */
const endsName = (byte: number | undefined) => byte === GT || byte === 0x2f || isSpace(byte);

/**
 * The CSP sources (`'sha256-…'`) of every inline script a stored page runs (docs/decisions/0026): the
 * page then needs no nonce, so every visitor gets the same bytes. The page is scanned as bytes and each
 * script hashed over its own bytes: decoding a whole 130 KB page to a string cost about 0.7 ms of every
 * uncached render. Tags are matched in lower case, as React writes them.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const out = new Set<string>();
  let at = html.indexOf(OPEN);
  while (at !== -1) {
    const name = at + OPEN.length;
    const gt = endsName(html[name]) ? html.indexOf(GT, name) : -1;
    if (gt === -1) {
      at = html.indexOf(OPEN, name);
      continue;
    }
    const close = closingTag(html, gt + 1);
    if (!close) break;
    const attrs = html.toString('latin1', name, gt);
    if (!HAS_SRC.test(attrs) && !DATA_BLOCK.test(attrs)) {
      const digest = createHash('sha256')
        .update(html.subarray(gt + 1, close.start))
        .digest('base64');
      out.add(`'sha256-${digest}'`);
    }
    at = html.indexOf(OPEN, close.end);
  }
  return [...out];
}

/** The first `</script>` (spaces allowed before its `>`) from `from`: where it starts and where it ends. */
function closingTag(html: Buffer, from: number): { start: number; end: number } | null {
  for (let at = html.indexOf(CLOSE, from); at !== -1; at = html.indexOf(CLOSE, at + 1)) {
    let end = at + CLOSE.length;
    while (isSpace(html[end])) end++;
    if (html[end] === GT) return { start: at, end: end + 1 };
  }
  return null;
}

/**
 * `policy` with its `'nonce-…'` source replaced by `hashes`; null when the policy does not carry that
 * nonce (then it is not this request's page policy, and is left alone).
 */
export function withScriptHashes(policy: string, nonce: string, hashes: string[]): string | null {
  const source = `'nonce-${nonce}'`;
  if (!policy.includes(source)) return null;
  return policy.replace(hashes.length > 0 ? source : ` ${source}`, hashes.join(' '));
}
