import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipNonceBody, gzipWithNonce, nonceBody, withNonce } from './nonce-body';

const nonce = () => randomBytes(16).toString('base64');
const page = (n: string) =>
  [
    '<!DOCTYPE html><html><head>',
    ...Array.from(
      { length: 40 },
      (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="${n}"/>`,
    ),
    `<script nonce="${n}">window.__CONSTANTS__={"lang":"en"}</script></head><body>`,
    ...Array.from(
      { length: 300 },
      (_, i) => `<a class="thumb" href="/videos/${i}/reel-${i}/">Reel ${i} (19${i % 100})</a>`,
    ),
    `<script nonce="${n}">window.__reactRouterContext={"nonce-free":"${'x'.repeat(3000)}"}</script></body></html>`,
  ].join('');

describe('nonce bodies', () => {
  const stored = nonce();
  const t = nonceBody(Buffer.from(page(stored)), stored);

  it('write a fresh nonce in every place of the identity body', () => {
    expect(t.positions).toHaveLength(42);
    for (let i = 0; i < 5; i++) {
      const n = nonce();
      expect(withNonce(t, n).toString()).toBe(page(n));
    }
  });

  it('make gzip bodies that decode to the page with the fresh nonce, CRC included', () => {
    const g = gzipNonceBody(t);
    for (let i = 0; i < 20; i++) {
      const n = nonce();
      // gunzip checks the CRC-32 and the length in the trailer.
      expect(gunzipSync(gzipWithNonce(g, n)!).toString()).toBe(page(n));
    }
    // The nonces stay uncompressed (24 bytes and a block header each); the rest compresses as one page.
    const whole = gzipSync(page(stored), { level: 6 }).length;
    expect(g.gzip.length).toBeLessThan(whole + 32 * t.positions.length);
  });

  it('fall back when a nonce has another length', () => {
    expect(withNonce(t, 'short').toString()).toBe(page('short'));
    expect(gzipWithNonce(gzipNonceBody(t), 'short')).toBeNull();
  });
});
