import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** A synthetic clip (test pattern and a tone, no real footage) of `seconds`, about `kbps` video bitrate. */
export function syntheticClip(name: string, seconds: number, kbps = 240): string {
  const file = join(mkdtempSync(join(tmpdir(), 'vt-upload-')), name);
  const made = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x180:rate=5',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-b:v',
    `${kbps}k`,
    '-maxrate',
    `${kbps}k`,
    '-bufsize',
    `${kbps * 2}k`,
    '-c:a',
    'aac',
    '-b:a',
    '32k',
    '-shortest',
    '-y',
    file,
  ]);
  expect(made.status).toBe(0);
  return file;
}
