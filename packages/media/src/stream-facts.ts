import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { playlistDurationSec } from './hls-playlist';
import { MEDIA_FILES } from './media-layout';

/** The HD badge's one rule: a rendition at least this tall exists. */
export const HD_MIN_HEIGHT = 720;

/** Whether a processed ladder earns the HD badge (the best rendition, not the source, decides). */
export const isHdLadder = (renditions: readonly { height: number }[]): boolean =>
  renditions.some((r) => r.height >= HD_MIN_HEIGHT);

/** The variant playlists a master playlist names, in its order. */
export function masterVariants(master: string): string[] {
  return master
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/**
 * The whole seconds a player shows for a processed video: the floor of its first variant's length (what
 * hls.js reports as the duration), which listings store as duration_sec so the two never disagree.
 * Null when the directory has no readable ladder.
 */
export async function streamSeconds(dir: string): Promise<number | null> {
  try {
    const [first] = masterVariants(await readFile(join(dir, MEDIA_FILES.master), 'utf8'));
    if (!first) return null;
    const seconds = playlistDurationSec(await readFile(join(dir, first), 'utf8'));
    return seconds > 0 ? Math.floor(seconds) : null;
  } catch {
    return null;
  }
}
