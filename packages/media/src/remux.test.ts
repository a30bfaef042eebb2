import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors';
import { readLadder, readVariantPlaylist, remuxHlsToMp4 } from './remux';
import { makeHlsLadder, makeRepeatedVariant, mp4Boxes, probeMp4 } from './testing/hls-fixture';
import { rejection } from './testing/rejection';

describe('remux of an HLS variant into an MP4 (real ffmpeg)', () => {
  const root = mkdtempSync(join(tmpdir(), 'vt-remux-'));
  const media = join(root, 'media');
  const clip = join(media, 'demo', 'clip');
  const long = join(media, 'demo', 'long-7');
  const out = join(root, 'out');

  beforeAll(() => {
    makeHlsLadder(clip, { seconds: 7, heights: [360, 240] });
    // 7 s × 5 = 35 s, with four discontinuities where the clip's timestamps start over.
    makeRepeatedVariant(long, clip, [360, 240], 5);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads the ladder from the master playlist, highest first', async () => {
    const ladder = await readLadder(join(clip, 'master.m3u8'), media);
    expect(ladder.map((l) => [l.quality, l.height])).toEqual([
      ['360p', 360],
      ['240p', 240],
    ]);
    expect(ladder[0].playlist).toBe(join(clip, '360p', 'index.m3u8'));
    expect(await readLadder(join(media, 'nothing', 'master.m3u8'), media)).toEqual([]);
  });

  it('copies H.264/AAC into a faststart MP4 of the playlist duration', async () => {
    const progress: number[] = [];
    const file = join(out, 'clip-360p.mp4');
    const result = await remuxHlsToMp4(join(clip, '360p', 'index.m3u8'), file, {
      root: media,
      onProgress: (p) => progress.push(p.percent),
    });
    const probed = probeMp4(file);
    expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
    expect(probed.formatName).toContain('mp4');
    expect(Math.abs(probed.durationSec - 7)).toBeLessThanOrEqual(0.5);
    expect(result.playlistDurationSec).toBeCloseTo(7, 5);
    const boxes = mp4Boxes(file);
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(progress.at(-1)).toBe(100);
    // Nothing is left beside the MP4: the work directory is gone.
    expect(readdirSync(out)).toEqual(['clip-360p.mp4']);
  }, 60_000);

  it('joins runs separated by discontinuities into the full length', async () => {
    const playlist = await readVariantPlaylist(join(long, '240p', 'index.m3u8'), media);
    expect(playlist.runs).toHaveLength(5);
    expect(playlist.durationSec).toBeCloseTo(35, 5);
    const file = join(out, 'long-240p.mp4');
    await remuxHlsToMp4(join(long, '240p', 'index.m3u8'), file, { root: media });
    const probed = probeMp4(file);
    expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
    expect(Math.abs(probed.durationSec - 35)).toBeLessThanOrEqual(0.5);
    const boxes = mp4Boxes(file);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // It plays: every frame decodes, with no error across the joins.
    const decoded = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
    expect(decoded.status).toBe(0);
    expect(decoded.stderr).toBe('');
  }, 60_000);

  it('handles a ladder without sound', async () => {
    const silent = join(media, 'demo', 'silent');
    makeHlsLadder(silent, { seconds: 4, heights: [240], audio: false });
    const file = join(out, 'silent.mp4');
    await remuxHlsToMp4(join(silent, '240p', 'index.m3u8'), file, { root: media });
    const probed = probeMp4(file);
    expect(probed.codecs).toEqual(['h264']);
    expect(Math.abs(probed.durationSec - 4)).toBeLessThanOrEqual(0.5);
  }, 60_000);

  it('reads only .ts files under the media root, whatever the playlist says', async () => {
    const evil = join(media, 'evil', '240p');
    mkdirSync(evil, { recursive: true });
    const write = (lines: string[]) => {
      const file = join(evil, `p-${Math.random().toString(36).slice(2)}.m3u8`);
      writeFileSync(file, ['#EXTM3U', ...lines, '#EXT-X-ENDLIST', ''].join('\n'));
      return file;
    };
    writeFileSync(join(root, 'secret.ts'), 'not media');
    symlinkSync(join(root, 'secret.ts'), join(evil, 'link.ts'));
    const bad = [
      ['#EXTINF:2,', '../../../secret.ts'],
      ['#EXTINF:2,', join(root, 'secret.ts')],
      ['#EXTINF:2,', 'file:../../../secret.ts'],
      ['#EXTINF:2,', 'http://127.0.0.1/seg.ts'],
      ['#EXTINF:2,', 'concat:a.ts|b.ts'],
      ['#EXTINF:2,', 'link.ts'],
      ['#EXTINF:2,', '../../demo/clip/240p/index.m3u8'],
      ['#EXTINF:2,', 'missing.ts'],
      ['#EXT-X-MAP:URI="init.mp4"', '#EXTINF:2,', '../../demo/clip/240p/seg-0000.ts'],
      ['#EXT-X-KEY:METHOD=AES-128,URI="k"', '#EXTINF:2,', '../../demo/clip/240p/seg-0000.ts'],
      ['../../demo/clip/240p/seg-0000.ts'],
      [],
    ];
    for (const lines of bad) {
      const err = await rejection(remuxHlsToMp4(write(lines), join(out, 'evil.mp4'), { root: media }));
      expect(err, lines.join(' ')).toBeInstanceOf(MediaError);
      expect(err.code).toBe('corrupted_file');
    }
    // A live (unfinished) playlist would give a partial file.
    const live = join(evil, 'live.m3u8');
    writeFileSync(live, '#EXTM3U\n#EXTINF:2,\n../../demo/clip/240p/seg-0000.ts\n');
    expect((await rejection(remuxHlsToMp4(live, join(out, 'evil.mp4'), { root: media }))).code).toBe(
      'corrupted_file',
    );
    // A master playlist naming a variant outside the root offers nothing.
    const master = join(evil, 'master.m3u8');
    writeFileSync(
      master,
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=1x240\n../../../../x/index.m3u8\n',
    );
    expect(await readLadder(master, media)).toEqual([]);
  });
});
