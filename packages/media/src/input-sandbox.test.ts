import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaError } from './errors';
import { ALLOWED_DEMUXERS, isAllowedFormat, sandboxedInput } from './input-sandbox';
import { processVideo } from './pipeline';
import { probe } from './probe';
import { type HostileInput, writeHostileInputs, writeVictimSegment } from './testing/hostile-inputs';
import { rejection } from './testing/rejection';

describe('sandboxedInput', () => {
  it('allows only the file protocol and the demuxers of the accepted formats', () => {
    const args = sandboxedInput('/data/uploads/abc');
    expect(args).toEqual([
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      ALLOWED_DEMUXERS.join(','),
      '-i',
      'file:/data/uploads/abc',
    ]);
    for (const playlistLike of ['hls', 'concat', 'image2', 'lavfi', 'tee', 'data', 'mpjpeg'])
      expect(ALLOWED_DEMUXERS, playlistLike).not.toContain(playlistLike);
  });

  it('opens a name that looks like a protocol as a file by absolute path', () => {
    expect(sandboxedInput('concat:/a.ts|/b.ts').at(-1)).toBe(`file:${resolve('concat:/a.ts|/b.ts')}`);
    expect(sandboxedInput('subfile:,,start,0,end,9,,:/x').at(-1)?.startsWith('file:/')).toBe(true);
  });

  it('matches ffprobe format names by their first alias', () => {
    expect(isAllowedFormat('mov,mp4,m4a,3gp,3g2,mj2')).toBe(true);
    expect(isAllowedFormat('matroska,webm')).toBe(true);
    expect(isAllowedFormat('hls')).toBe(false);
    expect(isAllowedFormat('concat')).toBe(false);
    expect(isAllowedFormat('movie')).toBe(false);
  });
});

describe('hostile inputs with real ffprobe and ffmpeg', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vt-hostile-'));
  const victim = join(dir, 'media', 'uploads', '7', '240p', 'seg-0000.ts');
  let inputs: HostileInput[];

  beforeAll(async () => {
    await writeVictimSegment(victim);
    inputs = await writeHostileInputs(join(dir, 'incoming'), victim);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the playlist trick works on a bare ffprobe (the attack this sandbox stops)', () => {
    const playlist = inputs.find((i) => i.name === 'hls-playlist-of-another-upload')!;
    const out = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', playlist.file],
      {
        encoding: 'utf8',
      },
    );
    expect(Number(out)).toBeGreaterThan(600);
  });

  it("refuses every one at probe with 'corrupted_file'", async () => {
    for (const input of inputs) {
      const err = await rejection(probe(input.file));
      expect(err, input.name).toBeInstanceOf(MediaError);
      expect(err.code, input.name).toBe('corrupted_file');
    }
  });

  it('writes nothing for any of them', async () => {
    for (const input of inputs) {
      const out = join(dir, 'out', input.name);
      const err = await rejection(processVideo(input.file, out));
      expect(err.code, input.name).toBe('corrupted_file');
      expect(existsSync(out), input.name).toBe(false);
      expect(existsSync(`${out}.tmp`), input.name).toBe(false);
    }
  });
});
