import { createHash } from 'node:crypto';

/** An inline `<script>` (no `src`) and its text, which browsers hash byte for byte. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /\ssrc\s*=/i;
/** Data blocks are never run, so a CSP need not allow them. */
const DATA_BLOCK = /\stype\s*=\s*["']?application\/(?:ld\+)?json/i;

/**
 * The CSP sources (`'sha256-…'`) of every inline script a stored page runs (docs/decisions/0026): the
 * page then needs no nonce, so every visitor gets the same bytes.
 */
export function inlineScriptHashes(html: Buffer): string[] {
  const text = html.toString('latin1');
  const out = new Set<string>();
  for (const m of text.matchAll(INLINE_SCRIPT)) {
    const attrs = m[1] ?? '';
    if (HAS_SRC.test(attrs) || DATA_BLOCK.test(attrs)) continue;
    // latin1 maps bytes to code points one to one: the hash is over the page's own bytes.
    const digest = createHash('sha256')
      .update(Buffer.from(m[2] ?? '', 'latin1'))
      .digest('base64');
    out.add(`'sha256-${digest}'`);
  }
  return [...out];
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
