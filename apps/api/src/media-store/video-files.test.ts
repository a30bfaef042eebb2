import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localVideoFiles } from './video-files';

describe('a video’s files in local mode', () => {
  const root = mkdtempSync(join(tmpdir(), 'vt-video-files-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads, versions and locates files below MEDIA_DIR, and nothing outside it', async () => {
    const media = join(root, 'media');
    mkdirSync(join(media, 'uploads', '5'), { recursive: true });
    const manifest = join(media, 'uploads', '5', 'manifest.json');
    writeFileSync(manifest, '{"durationSec":1}');
    writeFileSync(join(root, 'secret.txt'), 'not media');
    const files = localVideoFiles(media);

    expect((await files.read('uploads/5', 'manifest.json'))?.toString()).toBe('{"durationSec":1}');
    expect(await files.locate('uploads/5', 'manifest.json')).toEqual({ path: manifest });
    const first = await files.version('uploads/5', 'manifest.json');
    expect(first).not.toBeNull();
    utimesSync(manifest, new Date(), new Date(Date.now() + 5000));
    expect(await files.version('uploads/5', 'manifest.json')).not.toBe(first);

    for (const [path, name] of [
      ['uploads/5', 'missing.jpg'],
      ['uploads/6', 'manifest.json'],
      ['uploads/5', '../../../secret.txt'],
      ['..', 'secret.txt'],
      ['uploads', '5'],
    ]) {
      expect(await files.read(path, name)).toBeNull();
      expect(await files.version(path, name)).toBeNull();
      expect(await files.locate(path, name)).toBeNull();
    }
  });
});
