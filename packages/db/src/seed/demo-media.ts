import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_CLIPS, generateDemoClip, generateDemoPhoto, processVideo } from '@vt/media';
import { clipStreamSeconds, writeDemoLoops } from './demo-loops';
import type { DemoMedia } from './seed';

export interface DemoMediaOptions {
  mediaDir: string;
  ffmpegPath?: string;
  ffprobePath?: string;
  onProgress?: (stage: string, done: number, total: number) => void;
  /** Fewer or shorter clips than the full demo set (tests use a couple of short ones). */
  clips?: number;
  clipSeconds?: number;
}

const PHOTOS = 12;

/**
 * Synthetic clips run through the same pipeline uploads use, plus a few test-pattern photos for albums.
 * Idempotent: finished clips (those with a manifest) are reused.
 */
export async function prepareDemoMedia(
  opts: DemoMediaOptions,
): Promise<{ media: DemoMedia[]; photos: string[] }> {
  const progress = opts.onProgress ?? (() => {});
  const sourceDir = join(opts.mediaDir, 'demo', 'sources');
  mkdirSync(sourceDir, { recursive: true });
  const media: DemoMedia[] = [];
  let done = 0;
  const specs = DEMO_CLIPS.slice(0, opts.clips ?? DEMO_CLIPS.length).map((spec) =>
    opts.clipSeconds ? { ...spec, seconds: opts.clipSeconds } : spec,
  );
  const work = specs.map((spec, i) => async () => {
    const mediaPath = `demo/clip-${i + 1}`;
    const source = join(sourceDir, `clip-${i + 1}.mp4`);
    const out = join(opts.mediaDir, mediaPath);
    if (!existsSync(join(out, 'manifest.json')) && !existsSync(source)) {
      await generateDemoClip(source, spec, { ffmpegPath: opts.ffmpegPath });
    }
    const manifest = await processVideo(source, out, {
      ffmpegPath: opts.ffmpegPath,
      ffprobePath: opts.ffprobePath,
      // Generated test patterns are progressive, full-frame and level: nothing to measure.
      restore: false,
    });
    rmSync(source, { force: true });
    const clip: DemoMedia = {
      mediaPath,
      // What the player shows: the ladder's own length, not the source's.
      durationSec: Math.floor(clipStreamSeconds(opts.mediaDir, mediaPath)),
      width: manifest.width,
      height: manifest.height,
      topHeight: Math.max(...manifest.renditions.map((r) => r.height)),
      timelineCount: manifest.sprites.tileCount,
      timelineInterval: manifest.sprites.interval,
    };
    media[i] = { ...clip, loops: writeDemoLoops(opts.mediaDir, clip) };
    progress('demo clips', ++done, specs.length);
  });
  // Two at a time: one ffmpeg already keeps a core busy, and the machine may have only two.
  const queue = [...work];
  await Promise.all(
    [0, 1].map(async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );

  const photoDir = join(opts.mediaDir, 'demo', 'photos');
  mkdirSync(photoDir, { recursive: true });
  const photos: string[] = [];
  for (let i = 0; i < PHOTOS; i++) {
    const rel = `demo/photos/photo-${String(i + 1).padStart(2, '0')}.jpg`;
    const file = join(opts.mediaDir, rel);
    if (!existsSync(file)) await generateDemoPhoto(file, i, { ffmpegPath: opts.ffmpegPath });
    photos.push(rel);
  }
  return { media, photos };
}
