import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type StoredCodings, storedCoding } from './stored-codings';

// Page-like text with no short period, so the levels differ (repeated text compresses alike at any level).
let seed = 7;
const word = () => {
  seed = (seed * 48271) % 2147483647;
  return (
    ['reel', 'harbour', 'velvet', 'amber', 'lagoon', 'diary', 'orchard', 'lights'][seed % 8] + (seed % 97)
  );
};
const body = Buffer.from(
  Array.from(
    { length: 3000 },
    () => `<li class="thumb"><a href="/videos/${word()}/">${word()} ${word()}</a></li>`,
  ).join(''),
);
const nextTurn = () => new Promise((done) => setImmediate(done));

describe('storedCoding', () => {
  it('makes a quick copy first and, for an entry asked for again, a smaller one after that answer', async () => {
    for (const [enc, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const entry: StoredCodings = { body };
      let bytes = 0;
      const store = { resize: (n: number) => (bytes += n), stored: () => true, firstLevel: 'quick' as const };
      const first = storedCoding(entry, enc, store);
      expect(decode(first).equals(body)).toBe(true);
      expect(bytes).toBe(first.length);
      await nextTurn();
      // Asked for once: nothing more spent on it.
      expect(entry[enc]).toBe(first);
      expect(storedCoding(entry, enc, store)).toBe(first);
      await nextTurn();
      const later = storedCoding(entry, enc, store);
      expect(later.length).toBeLessThan(first.length);
      expect(decode(later).equals(body)).toBe(true);
      expect(bytes).toBe(later.length);
      await nextTurn();
      expect(storedCoding(entry, enc, store)).toBe(later);
    }
  });

  it('spends nothing on an entry the store no longer holds', async () => {
    const entry: StoredCodings = { body };
    let held = true;
    const store = { resize: () => {}, stored: () => held, firstLevel: 'quick' as const };
    const first = storedCoding(entry, 'br', store);
    storedCoding(entry, 'br', store);
    held = false;
    await nextTurn();
    expect(entry.br).toBe(first);
  });
});
