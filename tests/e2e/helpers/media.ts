import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/**
 * Eight pictures of the same test card that no fingerprint takes for one another (mirrored, flipped,
 * negated): uploads in one run are unrelated films, not full copies held for the moderator (ADR 0034).
 */
const PICTURES = [
  'null',
  'hflip',
  'vflip',
  'hflip,vflip',
  'negate',
  'hflip,negate',
  'vflip,negate',
  'hflip,vflip,negate',
];

/** A synthetic clip (test pattern and a tone, no real footage) of `seconds`, about `kbps` video bitrate; `picture` picks one of PICTURES. */
export function syntheticClip(name: string, seconds: number, kbps = 240, picture = 0): string {
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
    '-vf',
    PICTURES[picture % PICTURES.length],
    '-c:v',
    'libx264',
    // A third faster to make than the default preset at the same bitrate: the clip's picture is a test card.
    '-preset',
    'ultrafast',
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
