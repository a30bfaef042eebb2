import { BOOT_ATTR, DEFERRED_BOOT_SCRIPT } from './deferred-boot';

/** The router's one module script (react-router's `<Scripts>`): it imports the routes and the entry. */
const ENTRY_SCRIPT = /<script([^>]*) type="module" async="">/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const HEAD_END = '</head>';

/**
 * A gated page with its app scripts made to wait for the visitor (lib/deferred-boot.ts): the module
 * script inert, its preloads gone from the page and listed on it instead (their URLs come escaped from
 * React's attributes), and the script that starts it at the end of the head, with the response's CSP
 * nonce (a stored page allows it by its hash instead, like every inline script). Written here rather than
 * by a component, so the browser's bundle carries none of it. A page without the router's script is
 * returned as it is.
 */
export function deferAppScripts(html: Buffer<ArrayBuffer>, nonce: string): Buffer<ArrayBuffer> {
  // latin1 maps each byte to one character and back, so the page's UTF-8 passes through unchanged.
  const page = html.toString('latin1');
  if (!ENTRY_SCRIPT.test(page)) return html;
  const preloads: string[] = [];
  const withoutPreloads = page.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href);
    return '';
  });
  return Buffer.from(
    withoutPreloads
      .replace(ENTRY_SCRIPT, `<script$1 type="text/plain" ${BOOT_ATTR}="${preloads.join(' ')}">`)
      .replace(HEAD_END, () => `<script nonce="${nonce}">${DEFERRED_BOOT_SCRIPT}</script></head>`),
    'latin1',
  );
}
