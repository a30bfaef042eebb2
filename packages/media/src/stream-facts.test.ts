import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isHdLadder, masterVariants, streamSeconds } from './stream-facts';

const dir = mkdtempSync(join(tmpdir(), 'vt-stream-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('isHdLadder', () => {
  it('is true only with a rendition of 720 lines or more, whatever the source was', () => {
    expect(isHdLadder([{ height: 480 }, { height: 360 }])).toBe(false);
    expect(isHdLadder([{ height: 718 }])).toBe(false);
    expect(isHdLadder([{ height: 720 }, { height: 480 }])).toBe(true);
    expect(isHdLadder([{ height: 1080 }])).toBe(true);
    expect(isHdLadder([])).toBe(false);
  });
});

describe('streamSeconds', () => {
  it("is the floor of the first variant's length, what a player shows", async () => {
    mkdirSync(join(dir, '720p'));
    writeFileSync(
      join(dir, 'master.m3u8'),
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=1280x720\n720p/index.m3u8\n\n#EXT-X-STREAM-INF:BANDWIDTH=1\n360p/index.m3u8\n',
    );
    writeFileSync(
      join(dir, '720p', 'index.m3u8'),
      '#EXTM3U\n#EXTINF:4.000000,\na.ts\n#EXTINF:4.000000,\nb.ts\n#EXTINF:1.960000,\nc.ts\n#EXT-X-ENDLIST\n',
    );
    expect(masterVariants('#EXTM3U\n#X\na/i.m3u8\n\nb/i.m3u8\n')).toEqual(['a/i.m3u8', 'b/i.m3u8']);
    expect(await streamSeconds(dir)).toBe(9);
    expect(await streamSeconds(join(dir, 'missing'))).toBeNull();
  });
});
