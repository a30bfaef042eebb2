import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { MEDIA_FILES } from '@vt/media';

/** Resolves a request path under the media root, refusing anything that escapes it. */
export function under(root: string, relative: string): string | null {
  const full = normalize(join(root, relative));
  return full.startsWith(root + sep) ? full : null;
}

/** Sprite references in a stored timeline VTT are relative to the video's directory: made /thumbs/… URLs. */
export function absoluteSprites(vtt: string, mediaPath: string): string {
  return vtt.replace(/^(?!WEBVTT)([^\s:]+\.(?:jpg|png|webp)#xywh=)/gm, `/thumbs/${mediaPath}/$1`);
}

/** A video's stored timeline VTT with its sprite references made absolute (/thumbs/…), or null. */
export async function readTimelineVtt(mediaDir: string, mediaPath: string): Promise<string | null> {
  const source = under(mediaDir, join(mediaPath, MEDIA_FILES.vtt));
  if (!source) return null;
  try {
    return absoluteSprites(await readFile(source, 'utf8'), mediaPath);
  } catch {
    return null;
  }
}
