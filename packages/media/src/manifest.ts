import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_FILES, spritePath } from './media-layout';
import type { SegmentType } from './media-settings';
import type { MediaPlan, Rendition, SpritePlan } from './plan';
import type { RestorationPlan } from './restoration';

export interface ManifestRendition {
  name: string;
  height: number;
  width: number;
  /** Peak bits per second as advertised in the master playlist. */
  bandwidth: number;
  /** The master playlist's CODECS (absent in manifests written before ADR 0038). */
  codecs?: string;
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
  /**
   * The ladder's segment container (ADR 0038): 'fmp4' (init segment + .m4s) since it exists; absent in
   * manifests written before, whose ladders are MPEG-TS and are played and downloaded as they are.
   */
  segments?: SegmentType;
  /** The AV1 rendition set offered beside the H.264 one, when MEDIA_AV1 was on. */
  av1?: ManifestRendition[];
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

/** What the master playlist says of the variants, by directory name. */
export interface MasterFacts {
  bandwidths: ReadonlyMap<string, number>;
  codecs: ReadonlyMap<string, string>;
}

const NO_FACTS: MasterFacts = { bandwidths: new Map(), codecs: new Map() };

function manifestRendition(r: Rendition, facts: MasterFacts): ManifestRendition {
  const codecs = facts.codecs.get(r.name);
  return {
    name: r.name,
    height: r.height,
    width: r.width,
    bandwidth: facts.bandwidths.get(r.name) ?? r.bandwidth,
    ...(codecs ? { codecs } : {}),
  };
}

export function manifestFromPlan(
  plan: MediaPlan,
  facts: MasterFacts = NO_FACTS,
  fingerprint?: MediaManifest['fingerprint'],
): MediaManifest {
  return {
    version: 1,
    durationSec: plan.durationSec,
    width: plan.width,
    height: plan.height,
    hasAudio: plan.hasAudio,
    fps: plan.fps,
    renditions: plan.renditions.map((r) => manifestRendition(r, facts)),
    segments: plan.segmentType,
    ...(plan.av1 ? { av1: plan.av1.renditions.map((r) => manifestRendition(r, facts)) } : {}),
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
  return parseManifest(text);
}

/** A manifest's text (read from disk or from the bucket) as a manifest, or null when it is not one. */
export function parseManifest(text: string): MediaManifest | null {
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
