import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoClip } from './demo-clip';
import { MediaError } from './errors';
import type { MediaManifest } from './manifest';
import { processVideo } from './pipeline';
import { buildPlan } from './plan';
import { probe } from './probe';
import { type TranscodeProgress, transcode } from './runner';
import { rejection } from './testing/rejection';

interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
}

function ffprobeStreams(file: string): ProbedStream[] {
  const out = execFileSync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', file], {
    encoding: 'utf8',
  });
  return (JSON.parse(out) as { streams: ProbedStream[] }).streams;
}

function imageSize(file: string): [number, number] {
  const [s] = ffprobeStreams(file);
  return [s.width!, s.height!];
}

describe('processVideo with real ffmpeg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-media-'));
  const source = join(dir, 'source.mp4');
  const out = join(dir, 'media', 'clip');
  const progress: TranscodeProgress[] = [];
  let manifest: MediaManifest;
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    let t = Date.now();
    await generateDemoClip(source, {
      seconds: 10,
      pattern: 'testsrc2',
      color: 'orange',
      toneHz: 440,
      width: 640,
      height: 360,
    });
    timings.generate = Date.now() - t;
    // Leftovers of a crashed run must not end up in the result.
    mkdirSync(`${out}.tmp`, { recursive: true });
    writeFileSync(join(`${out}.tmp`, 'stale.txt'), 'x');
    t = Date.now();
    manifest = await processVideo(source, out, { onProgress: (p) => progress.push(p) });
    timings.process = Date.now() - t;
  });

  afterAll(() => {
    console.info(`media pipeline timings (ms): ${JSON.stringify(timings)}`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the ladder that fits a 360p source: 360p and 240p, H.264 + AAC, ~4 s segments', () => {
    expect(manifest.renditions.map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['240p', 426, 240],
    ]);
    const master = readFileSync(join(out, 'master.m3u8'), 'utf8');
    expect(master.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
    expect(master).toContain('360p/index.m3u8');
    expect(master).toContain('240p/index.m3u8');
    for (const r of manifest.renditions) {
      expect(master).toContain(`BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`);
      const playlist = readFileSync(join(out, r.name, 'index.m3u8'), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
      expect(durations).toHaveLength(3);
      expect(durations[0]).toBeCloseTo(4, 1);
      expect(durations[1]).toBeCloseTo(4, 1);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(10, 0);
      const segments = playlist.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
      expect(segments).toHaveLength(3);
      for (const seg of segments) {
        expect(seg).toMatch(/^seg-\d{4}\.m4s$/);
        expect(statSync(join(out, r.name, seg)).size).toBeGreaterThan(0);
      }
      const streams = ffprobeStreams(join(out, r.name, 'index.m3u8'));
      const video = streams.find((s) => s.codec_type === 'video');
      expect(video).toMatchObject({ codec_name: 'h264', width: r.width, height: r.height });
      expect(streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    }
  });

  it('writes fMP4 (CMAF) segments after an EXT-X-MAP init segment, each starting on a key frame, in order', () => {
    expect(manifest.segments).toBe('fmp4');
    const master = readFileSync(join(out, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    expect(manifest.renditions.every((r) => /^avc1\./.test(r.codecs ?? ''))).toBe(true);
    for (const r of manifest.renditions) {
      const playlist = readFileSync(join(out, r.name, 'index.m3u8'), 'utf8');
      expect(playlist).toContain(`#EXT-X-MAP:URI="init-${r.name}.mp4"`);
      expect(playlist).toContain('#EXT-X-INDEPENDENT-SEGMENTS');
      const init = readFileSync(join(out, r.name, `init-${r.name}.mp4`));
      // The init segment holds the tracks and no media; each segment is a fragment (moof + mdat).
      expect(init.includes('moov')).toBe(true);
      expect(init.includes('mdat')).toBe(false);
      const segments = playlist.split('\n').filter((l) => /^seg-\d{4}\.m4s$/.test(l));
      let last = -1;
      for (const seg of segments) {
        const joined = join(dir, `${r.name}-${seg}.mp4`);
        writeFileSync(joined, Buffer.concat([init, readFileSync(join(out, r.name, seg))]));
        const streams = ffprobeStreams(joined);
        expect(streams.map((x) => x.codec_name).sort()).toEqual(['aac', 'h264']);
        const frames = execFileSync(
          'ffprobe',
          [
            '-v',
            'error',
            '-select_streams',
            'v',
            '-show_entries',
            'packet=pts_time,flags',
            '-of',
            'csv=p=0',
            joined,
          ],
          { encoding: 'utf8' },
        )
          .trim()
          .split('\n')
          .map((line) => line.split(','));
        // Independent: the segment's first frame is a key frame; in order: it starts after the last one.
        expect(frames[0][1]).toMatch(/^K/);
        const first = Number(frames[0][0]);
        expect(first).toBeGreaterThan(last);
        last = Math.max(...frames.map((f) => Number(f[0])));
      }
      // The whole variant plays from start to end through the hls demuxer, without a decoding error.
      const played = execFileSync(
        'ffmpeg',
        ['-v', 'error', '-i', join(out, r.name, 'index.m3u8'), '-f', 'null', '-'],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      expect(played).toBe('');
    }
  });

  it('writes thumbs and the preview image at their sizes', () => {
    expect(imageSize(join(out, 'thumb.jpg'))).toEqual([320, 180]);
    expect(imageSize(join(out, 'thumb@2x.jpg'))).toEqual([640, 360]);
    expect(imageSize(join(out, 'scr.jpg'))).toEqual([640, 360]);
  });

  it('writes one 10x10 sprite sheet and a VTT of 10 cues inside it', () => {
    expect(manifest.sprites).toMatchObject({ interval: 1, tileCount: 10, sheetCount: 1 });
    expect(readdirSync(join(out, 'sprites'))).toEqual(['sprite-001.jpg']);
    expect(imageSize(join(out, 'sprites', 'sprite-001.jpg'))).toEqual([1600, 900]);
    const vtt = readFileSync(join(out, 'timeline.vtt'), 'utf8');
    const cues = [...vtt.matchAll(/^(\S+) --> (\S+)\n(\S+)#xywh=(\d+),(\d+),(\d+),(\d+)$/gm)];
    expect(cues).toHaveLength(10);
    cues.forEach((cue, i) => {
      const [x, y, w, h] = cue.slice(4).map(Number);
      expect(cue[3]).toBe('sprites/sprite-001.jpg');
      expect([w, h]).toEqual([160, 90]);
      expect([x, y]).toEqual([i * 160, 0]);
      expect(x + w).toBeLessThanOrEqual(1600);
      expect(y + h).toBeLessThanOrEqual(900);
    });
    expect(cues[9][2]).toBe('00:00:10.000');
  });

  it('writes manifest.json, leaves no temporary directory and reports progress up to 100', () => {
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'))).toEqual(manifest);
    expect(manifest.files).toEqual({
      master: 'master.m3u8',
      thumb: 'thumb.jpg',
      thumb2x: 'thumb@2x.jpg',
      scr: 'scr.jpg',
      preview: 'preview.mp4',
      vtt: 'timeline.vtt',
      sprites: ['sprites/sprite-001.jpg'],
    });
    expect(manifest.durationSec).toBeCloseTo(10, 1);
    // The hover preview: 5 one-second excerpts of the 10 s clip, muted, at most 240p.
    const preview = join(out, 'preview.mp4');
    const format = JSON.parse(
      execFileSync(
        'ffprobe',
        ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', preview],
        { encoding: 'utf8' },
      ),
    ) as { format: { duration: string }; streams: { codec_type: string; height?: number }[] };
    expect(format.streams.map((st) => st.codec_type)).toEqual(['video']);
    expect(Number(format.format.duration)).toBeGreaterThan(4);
    expect(Number(format.format.duration)).toBeLessThan(6.5);
    expect(format.streams[0].height).toBeLessThanOrEqual(240);
    expect(existsSync(`${out}.tmp`)).toBe(false);
    expect(existsSync(join(out, 'stale.txt'))).toBe(false);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ stage: 'transcode', percent: 100 });
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it('returns the existing manifest without encoding again', async () => {
    const before = statSync(join(out, 'master.m3u8')).mtimeMs;
    const again = await processVideo(source, out, { ffmpegPath: '/nonexistent/ffmpeg' });
    expect(again).toEqual(manifest);
    expect(statSync(join(out, 'master.m3u8')).mtimeMs).toBe(before);
  });

  it("rejects random bytes with 'corrupted_file'", async () => {
    const bad = join(dir, 'random.mp4');
    writeFileSync(bad, Buffer.from(Array.from({ length: 64 * 1024 }, () => Math.floor(Math.random() * 256))));
    const err = await rejection(processVideo(bad, join(dir, 'media', 'bad')));
    expect(err).toBeInstanceOf(MediaError);
    expect(err.code).toBe('corrupted_file');
    expect(err.message).toBe('corrupted file');
    expect(existsSync(join(dir, 'media', 'bad'))).toBe(false);
  });

  it("rejects a truncated upload with 'corrupted_file' (the header still promises 10 s)", async () => {
    const cut = join(dir, 'truncated.mp4');
    const whole = readFileSync(source);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.4)));
    const err = await rejection(processVideo(cut, join(dir, 'media', 'cut')));
    expect(err.code).toBe('corrupted_file');
    expect(err.detail).toMatch(/^encoded [\d.]+ s of 10\.0 s$/);
    expect(existsSync(join(dir, 'media', 'cut'))).toBe(false);
    expect(existsSync(join(dir, 'media', 'cut.tmp'))).toBe(false);
  });

  it('stops on abort and cleans up', async () => {
    const target = join(dir, 'media', 'aborted');
    const plan = buildPlan(await probe(source));
    const controller = new AbortController();
    const err = await rejection(
      transcode(source, target, plan, { signal: controller.signal, onProgress: () => controller.abort() }),
    );
    expect(err.code).toBe('aborted');
    expect(existsSync(`${target}.tmp`)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });
});

const hasSvtAv1 = (() => {
  try {
    return execFileSync('ffmpeg', ['-hide_banner', '-encoders'], { encoding: 'utf8' }).includes('libsvtav1');
  } catch {
    return false;
  }
})();

describe.skipIf(!hasSvtAv1)('processVideo with the AV1 set on (real ffmpeg, tiny)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-media-av1-'));
  const out = join(dir, 'clip');
  let manifest: MediaManifest;

  beforeAll(async () => {
    const source = join(dir, 'source.mp4');
    await generateDemoClip(source, {
      seconds: 3,
      pattern: 'testsrc2',
      color: 'orange',
      toneHz: 440,
      width: 320,
      height: 180,
    });
    manifest = await processVideo(source, out, { restore: false, settings: { av1: { enabled: true } } });
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('offers both codecs in the master playlist, each variant with its CODECS', () => {
    const master = readFileSync(join(out, 'master.m3u8'), 'utf8');
    const entries = [...master.matchAll(/^#EXT-X-STREAM-INF:(.*)\n(\S+)$/gm)].map((m) => [m[2], m[1]]);
    expect(entries.map(([uri]) => uri)).toEqual(['180p/index.m3u8', 'av1-180p/index.m3u8']);
    expect(entries[0][1]).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    expect(entries[1][1]).toMatch(/CODECS="av01\.0\.\d{2}M\.08,mp4a\.40\.2"/);
    expect(manifest.av1?.map((r) => [r.name, r.height, r.codecs?.slice(0, 5)])).toEqual([
      ['av1-180p', 180, 'av01.'],
    ]);
    const streams = ffprobeStreams(join(out, 'av1-180p', 'index.m3u8'));
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'av1',
      width: 320,
      height: 180,
    });
    const played = execFileSync(
      'ffmpeg',
      ['-v', 'error', '-i', join(out, 'av1-180p', 'index.m3u8'), '-f', 'null', '-'],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    expect(played).toBe('');
  });
});
