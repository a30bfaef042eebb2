import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_FILES, spritePath } from './media-layout';
import type { MediaPlan, SpritePlan } from './plan';
import type { RestorationPlan } from './restoration';

export interface ManifestRendition {
  name: string;
  height: number;
  width: number;
  /** Peak bits per second as advertised in the master playlist. */
  bandwidth: number;
}

/** What a processed video directory holds; its presence marks the directory as complete. */
export interface MediaManifest {
  version: 1;
  durationSec: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /** The ladder's frame rate (absent in manifests written before the restoration report, ADR 0039). */
  fps?: number;
  renditions: ManifestRendition[];
  sprites: SpritePlan;
  /** The perceptual fingerprint: its file, its length and its whole-video summary (hi, lo words). */
  fingerprint?: { file: string; seconds: number; summary: [number, number] | null };
  /** What the restoration did (absent when the analysis pass was skipped, and before it existed). */
  restoration?: RestorationPlan;
  files: {
    master: string;
    thumb: string;
    thumb2x: string;
    scr: string;
    /** The hover preview clip (absent in manifests written before it existed). */
    preview?: string;
    vtt: string;
    /** Sprite sheets in order, relative to the directory. */
    sprites: string[];
  };
}

export function manifestFromPlan(
  plan: MediaPlan,
  bandwidths: ReadonlyMap<string, number> = new Map(),
  fingerprint?: MediaManifest['fingerprint'],
): MediaManifest {
  return {
    version: 1,
    durationSec: plan.durationSec,
    width: plan.width,
    height: plan.height,
    hasAudio: plan.hasAudio,
    fps: plan.fps,
    renditions: plan.renditions.map((r) => ({
      name: r.name,
      height: r.height,
      width: r.width,
      bandwidth: bandwidths.get(r.name) ?? r.bandwidth,
    })),
    sprites: { ...plan.sprites },
    ...(plan.restoration ? { restoration: plan.restoration } : {}),
    ...(fingerprint ? { fingerprint } : {}),
    files: {
      master: MEDIA_FILES.master,
      thumb: plan.stills.thumb.file,
      thumb2x: plan.stills.thumb2x.file,
      scr: plan.stills.scr.file,
      preview: plan.preview.file,
      vtt: MEDIA_FILES.vtt,
      sprites: Array.from({ length: plan.sprites.sheetCount }, (_, i) => spritePath(i)),
    },
  };
}

/** The manifest of a processed video directory, or null when there is none (not processed, or unreadable). */
export async function readManifest(dir: string): Promise<MediaManifest | null> {
  let text: string;
  try {
    text = await readFile(join(dir, MEDIA_FILES.manifest), 'utf8');
  } catch {
    return null;
  }
  try {
    const manifest = JSON.parse(text) as MediaManifest;
    return manifest && typeof manifest.durationSec === 'number' && Array.isArray(manifest.renditions)
      ? manifest
      : null;
  } catch {
    return null;
  }
}

/** Written through a temporary file: a reader never sees half a manifest. */
export async function writeManifest(dir: string, manifest: MediaManifest): Promise<void> {
  const file = join(dir, MEDIA_FILES.manifest);
  await writeFile(`${file}.part`, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(`${file}.part`, file);
}
