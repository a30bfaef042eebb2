import { BOOT_ATTR, DEFERRED_BOOT_SCRIPT } from './deferred-boot';

/** The end of the router's one module script tag (react-router's `<Scripts>`), which imports the routes. */
const ENTRY_SCRIPT_END = ' type="module" async="">';
const SCRIPT_START = '<script';
const MODULE_PRELOAD = '<link rel="modulepreload" href="';
const HEAD_END = '</head>';

/** Bytes [start, end) of the page to be written as `text` instead. */
type Edit = { start: number; end: number; text: string };

/**
 * A gated page with its app scripts made to wait for the visitor (lib/deferred-boot.ts): the module
 * script inert, its preloads gone from the page and listed on it instead (their URLs come escaped from
 * React's attributes), and the script that starts it at the end of the head, with the response's CSP
 * nonce (a stored page allows it by its hash instead, like every inline script). Written here rather than
 * by a component, so the browser's bundle carries none of it. A page without the router's script is
 * returned as it is.
 *
 * It edits the page's bytes in place of decoding it: turning a listing's 140 KB into a string, running
 * regular expressions over it and encoding it back took 2.7–3.2 ms a call on a slow day here, finding the
 * tags in the bytes and splicing them takes 0.25–0.55 ms.
 */
export function deferAppScripts(html: Buffer<ArrayBuffer>, nonce: string): Buffer<ArrayBuffer> {
  const entry = entryScript(html);
  if (!entry) return html;

  const edits: Edit[] = [];
  const preloads: string[] = [];
  for (let at = html.indexOf(MODULE_PRELOAD); at >= 0; at = html.indexOf(MODULE_PRELOAD, at + 1)) {
    const hrefStart = at + MODULE_PRELOAD.length;
    const hrefEnd = html.indexOf('"', hrefStart);
    const tagEnd = hrefEnd < 0 ? -1 : html.indexOf('>', hrefEnd);
    if (tagEnd < 0 || hrefEnd === hrefStart) continue;
    // latin1 maps each byte to one character and back, so the URL's bytes pass through unchanged.
    preloads.push(html.toString('latin1', hrefStart, hrefEnd));
    edits.push({ start: at, end: tagEnd + 1, text: '' });
  }
  edits.push({
    start: entry.start,
    end: entry.end + ENTRY_SCRIPT_END.length,
    text: `<script${entry.attributes} type="text/plain" ${BOOT_ATTR}="${preloads.join(' ')}">`,
  });
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd >= 0)
    edits.push({
      start: headEnd,
      end: headEnd + HEAD_END.length,
      text: `<script nonce="${nonce}">${DEFERRED_BOOT_SCRIPT}</script>${HEAD_END}`,
    });
  return applyEdits(html, edits);
}

/** The first `<script …>` tag that ends as the router's module script does (the same text inside a script is skipped). */
function entryScript(html: Buffer<ArrayBuffer>) {
  for (let end = html.indexOf(ENTRY_SCRIPT_END); end >= 0; end = html.indexOf(ENTRY_SCRIPT_END, end + 1)) {
    const start = html.lastIndexOf(SCRIPT_START, end);
    const attributes = start < 0 ? '' : html.toString('latin1', start + SCRIPT_START.length, end);
    if (start >= 0 && !attributes.includes('>')) return { start, end, attributes };
  }
  return undefined;
}

function applyEdits(html: Buffer<ArrayBuffer>, edits: Edit[]): Buffer<ArrayBuffer> {
  edits.sort((a, b) => a.start - b.start);
  const parts: Buffer[] = [];
  let from = 0;
  for (const { start, end, text } of edits) {
    parts.push(html.subarray(from, start), Buffer.from(text, 'latin1'));
    from = end;
  }
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
