import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_FILES } from './media-layout';
import type { MediaPlan } from './plan';

/**
 * The moderators' before/after pair (ADR 0039), in the video's directory but never served by /thumbs:
 * only the moderation route answers them, to staff.
 */
export const RESTORATION_STILLS = {
  before: 'restoration-before.jpg',
  after: 'restoration-after.jpg',
} as const;

/** Whether a file of a processed directory is one of the moderators' stills (refused to everyone else). */
export const isRestorationStill = (file: string) => /(^|\/)restoration-(before|after)\.jpg$/.test(file);

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The tallest "before" still: as tall as the tallest screenshot (media-settings' scrMaxHeight). */
const BEFORE_MAX_HEIGHT = 720;

/** The size of the "before" still: the whole source frame at its display aspect. Pure. */
export function beforeStillSize(plan: MediaPlan): { width: number; height: number } {
  const display = plan.restoration?.basis?.display ?? { width: plan.width, height: plan.height };
  const height = even(Math.min(display.height, BEFORE_MAX_HEIGHT));
  return { width: even((height * display.width) / display.height), height };
}

/**
 * A second reading of the decoded source, before every restoration filter, in the same ffmpeg run: the
 * first frame and then the one at the stills' time (the image muxer keeps the last), so the "before"
 * shows the moment the "after" (the screenshot, made after the filters) shows. None without restoration.
 * Pure.
 */
export function beforeStillChain(plan: MediaPlan): string[] {
  if (!plan.restoration) return [];
  const { width, height } = beforeStillSize(plan);
  return [
    `[0:${plan.videoStreamIndex}]select='eq(n,0)+gte(t,${plan.stills.atSec})',trim=end_frame=2,` +
      `scale=${width}:${height},setsar=1[restore_before]`,
  ];
}

/** The output of the "before" branch (see stillArgs in ffmpeg-args.ts). Pure. */
export function beforeStillArgs(outDir: string, plan: MediaPlan): string[] {
  if (!plan.restoration) return [];
  return [
    '-map',
    '[restore_before]',
    '-fps_mode',
    'passthrough',
    '-threads',
    '1',
    '-update',
    '1',
    '-q:v',
    '3',
    join(outDir, RESTORATION_STILLS.before),
  ];
}

/**
 * The "after" still is the screenshot as the pipeline made it (restored, at the same time), kept before an
 * uploader's own preview image can replace it.
 */
export async function keepAfterStill(dir: string, plan: MediaPlan): Promise<void> {
  if (!plan.restoration) return;
  await copyFile(join(dir, MEDIA_FILES.scr), join(dir, RESTORATION_STILLS.after));
}
