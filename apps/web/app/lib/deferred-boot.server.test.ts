import { describe, expect, it } from 'vitest';
import { BOOT_ATTR, DEFERRED_BOOT_SCRIPT } from './deferred-boot';
import { deferAppScripts } from './deferred-boot.server';

const page = (body: string) => Buffer.from(`<!DOCTYPE html><html><head>${body}</head></html>`);

describe('deferAppScripts', () => {
  it('makes the router module script inert and lists its preloads on it, bytes otherwise kept', () => {
    const html = page(
      '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n"/>' +
        '<link rel="modulepreload" href="/assets/root-B.js" nonce="n"/><title>Café ✓</title>' +
        '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-B.js";</script>',
    );
    const out = deferAppScripts(html, 'n0nce').toString('utf8');
    expect(out).not.toContain('<link');
    expect(out).not.toMatch(/<script[^>]* type="module"/);
    expect(out).toContain(
      `<script nonce="n" type="text/plain" ${BOOT_ATTR}="/assets/entry.client-A.js /assets/root-B.js">` +
        'import * as route0 from "/assets/root-B.js";</script>',
    );
    expect(out).toContain('<title>Café ✓</title>');
    // The script that starts it ends the head, with the response's nonce.
    expect(out).toContain(`<script nonce="n0nce">${DEFERRED_BOOT_SCRIPT}</script></head>`);
  });

  it('edits a whole page as the router writes it: preloads in the head, the script at the end of the body', () => {
    const html = Buffer.from(
      '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/>' +
        '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="stylesheet" href="/a.css"/>' +
        '<link rel="modulepreload" href="/assets/root-B.js" nonce="n"/></head><body><h1>Ретро ✓ 日本</h1>' +
        '<script nonce="n">window.__reactRouterContext = {"a":"<\\/script>"};</script>' +
        '<script nonce="n" type="module" async="">import "/assets/entry.client-A.js";</script></body></html>',
    );
    const out = deferAppScripts(html, 'k').toString('utf8');
    expect(out).toBe(
      '<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/><link rel="stylesheet" href="/a.css"/>' +
        `<script nonce="k">${DEFERRED_BOOT_SCRIPT}</script></head><body><h1>Ретро ✓ 日本</h1>` +
        '<script nonce="n">window.__reactRouterContext = {"a":"<\\/script>"};</script>' +
        `<script nonce="n" type="text/plain" ${BOOT_ATTR}="/assets/entry.client-A.js /assets/root-B.js">` +
        'import "/assets/entry.client-A.js";</script></body></html>',
    );
  });

  it('finds the router script past an earlier script that holds the same text', () => {
    const decoy = '<script nonce="n">var s = \' type="module" async="">\';</script>';
    const html = page(
      `<link rel="modulepreload" href="/assets/root-B.js"/>${decoy}` +
        '<script nonce="n" type="module" async="">import "/assets/root-B.js";</script>',
    );
    const out = deferAppScripts(html, 'k').toString('utf8');
    expect(out).toContain(decoy);
    expect(out).toContain(`<script nonce="n" type="text/plain" ${BOOT_ATTR}="/assets/root-B.js">import`);
  });

  it('writes a boot script that parses', () => {
    expect(() => new Function(DEFERRED_BOOT_SCRIPT)).not.toThrow();
  });

  it('leaves a page without the router script as it is', () => {
    const html = page('<link rel="modulepreload" href="/x.js"/><script>1</script>');
    expect(deferAppScripts(html, 'n')).toBe(html);
  });
});
