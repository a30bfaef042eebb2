import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { MEDIA_FILES } from '@vt/media';

/** Resolves a request path under the media root, refusing anything that escapes it. */
export function under(root: string, relative: string): string | null {
  const full = normalize(join(root, relative));
  return full.startsWith(root + sep) ? full : null;
}

/** A video's stored timeline VTT with its sprite references made absolute (/thumbs/…), or null. */
export async function readTimelineVtt(mediaDir: string, mediaPath: string): Promise<string | null> {
  const source = under(mediaDir, join(mediaPath, MEDIA_FILES.vtt));
  if (!source) return null;
  try {
    const vtt = await readFile(source, 'utf8');
    // Sprite references in the stored file are relative to the media directory.
    return vtt.replace(/^(?!WEBVTT)([^\s:]+\.(?:jpg|png|webp)#xywh=)/gm, `/thumbs/${mediaPath}/$1`);
  } catch {
    return null;
  }
}
