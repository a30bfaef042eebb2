import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors';
import { readLadder, readVariantPlaylist, remuxHlsToMp4 } from './remux';
import { makeHlsLadder, makeRepeatedVariant, mp4Boxes, probeMp4 } from './testing/hls-fixture';
import { rejection } from './testing/rejection';

/** H.264 + AAC, index first, `seconds` long, and every frame decodes with no error (across run joins too). */
function expectPlayableMp4(file: string, seconds: number) {
  const probed = probeMp4(file);
  expect(probed.codecs.sort()).toEqual(['aac', 'h264']);
  expect(Math.abs(probed.durationSec - seconds)).toBeLessThanOrEqual(0.5);
  const boxes = mp4Boxes(file);
  expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
  expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
  const decoded = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  expect(decoded.status).toBe(0);
  expect(decoded.stderr).toBe('');
}

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
    expectPlayableMp4(file, 35);
  }, 60_000);

  it('copies an fMP4 ladder (init segment + .m4s, ADR 0038) into an MP4 of the right duration', async () => {
    const cmaf = join(media, 'demo', 'cmaf');
    const cmafLong = join(media, 'demo', 'cmaf-x3');
    makeHlsLadder(cmaf, { seconds: 7, heights: [360, 240], fmp4: true });
    makeRepeatedVariant(cmafLong, cmaf, [360, 240], 3);
    const variant = await readVariantPlaylist(join(cmaf, '360p', 'index.m3u8'), media);
    expect(variant.runs.map((r) => r.init)).toEqual([join(cmaf, '360p', 'init-360p.mp4')]);
    expect(variant.runs[0].segments[0].file).toMatch(/seg-0000\.m4s$/);
    const file = join(out, 'cmaf-360p.mp4');
    await remuxHlsToMp4(join(cmaf, '360p', 'index.m3u8'), file, { root: media });
    expectPlayableMp4(file, 7);
    // A plain MP4, not a fragmented one.
    expect(mp4Boxes(file)).not.toContain('moof');

    // A demo loop of an fMP4 clip: three runs, each after the same init segment, joined to 21 s.
    const looped = join(cmafLong, '240p', 'index.m3u8');
    expect((await readVariantPlaylist(looped, media)).runs).toHaveLength(3);
    const longFile = join(out, 'cmaf-long-240p.mp4');
    await remuxHlsToMp4(looped, longFile, { root: media });
    expectPlayableMp4(longFile, 21);
  }, 60_000);

  it('offers only the H.264 variants of a master playlist that also lists AV1 ones as downloads', async () => {
    const both = join(media, 'demo', 'both');
    mkdirSync(both, { recursive: true });
    writeFileSync(
      join(both, 'master.m3u8'),
      [
        '#EXTM3U',
        '#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
        '360p/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=990000,RESOLUTION=640x360,CODECS="av01.0.04M.08,mp4a.40.2"',
        'av1-360p/index.m3u8',
        '',
      ].join('\n'),
    );
    const ladder = await readLadder(join(both, 'master.m3u8'), media);
    expect(ladder.map((l) => l.playlist)).toEqual([join(both, '360p', 'index.m3u8')]);
  });

  it('handles a ladder without sound', async () => {
    const silent = join(media, 'demo', 'silent');
    makeHlsLadder(silent, { seconds: 4, heights: [240], audio: false });
    const file = join(out, 'silent.mp4');
    await remuxHlsToMp4(join(silent, '240p', 'index.m3u8'), file, { root: media });
    const probed = probeMp4(file);
    expect(probed.codecs).toEqual(['h264']);
    expect(Math.abs(probed.durationSec - 4)).toBeLessThanOrEqual(0.5);
  }, 60_000);

  it('reads only .ts, or .m4s after an init segment, under the media root, whatever the playlist says', async () => {
    const evil = join(media, 'evil', '240p');
    mkdirSync(evil, { recursive: true });
    const write = (lines: string[]) => {
      const file = join(evil, `p-${Math.random().toString(36).slice(2)}.m3u8`);
      writeFileSync(file, ['#EXTM3U', ...lines, '#EXT-X-ENDLIST', ''].join('\n'));
      return file;
    };
    writeFileSync(join(root, 'secret.ts'), 'not media');
    writeFileSync(join(root, 'secret.mp4'), 'not media');
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
      // fMP4: the init segment too must be a relative .mp4 of the media store, and segments .m4s.
      ['#EXT-X-MAP:URI="../../../secret.mp4"', '#EXTINF:2,', '../../demo/cmaf/240p/seg-0000.m4s'],
      ['#EXT-X-MAP:URI="file:/etc/passwd"', '#EXTINF:2,', '../../demo/cmaf/240p/seg-0000.m4s'],
      ['#EXT-X-MAP:URI="../../demo/cmaf/240p/init-240p.mp4",BYTERANGE="10@0"', '#EXTINF:2,', 'x.m4s'],
      [
        '#EXT-X-MAP:URI="../../demo/cmaf/240p/init-240p.mp4"',
        '#EXTINF:2,',
        '../../demo/clip/240p/seg-0000.ts',
      ],
      ['#EXTINF:2,', '../../demo/cmaf/240p/seg-0000.m4s'],
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
