import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPreviewImages } from './preview-image';
import { localPrivateFiles } from './private-files';

describe('stored preview images', () => {
  it('are removed after a day unless an upload in flight still names them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-previews-'));
    mkdirSync(join(dir, 'previews'));
    const file = (token: string) => join(dir, 'previews', `7-${token}.jpg`);
    const [abandoned, needed, fresh] = ['a', 'b', 'c'].map((c) => c.repeat(32));
    const now = Date.now();
    const dayAgo = (now - 25 * 3600 * 1000) / 1000;
    for (const token of [abandoned, needed, fresh]) writeFileSync(file(token), 'jpg');
    for (const token of [abandoned, needed]) utimesSync(file(token), dayAgo, dayAgo);

    const removed = await createPreviewImages(localPrivateFiles(dir)).removeStale(
      24 * 3600 * 1000,
      new Set([needed]),
      now,
    );
    expect(removed).toBe(1);
    expect(existsSync(file(abandoned))).toBe(false);
    expect(existsSync(file(needed))).toBe(true);
    expect(existsSync(file(fresh))).toBe(true);
  });
});
