import { readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_FILES } from '@vt/media';
import sharp from 'sharp';

/**
 * WebP beside each JPEG the pipeline writes, named `<file>.jpg.webp`: a page derives the WebP URL from the
 * JPEG URL it already has, and nginx can serve either with one `try_files $uri$webp_suffix $uri`.
 * AVIF was measured and left out (ADR 0021): 4–27× slower to encode here for 10–20 % fewer bytes.
 */
export const WEBP_SUFFIX = '.webp';
const WEBP = { quality: 75, effort: 4 } as const;

/** The JPEG a variant path stands for, or null when the path is not a variant of a JPEG. */
export function jpegOfVariant(path: string): string | null {
  return /\.jpe?g\.webp$/i.test(path) ? path.slice(0, -WEBP_SUFFIX.length) : null;
}

/**
 * Whether `<jpeg>.webp` shows the JPEG as it is now. A variant's mtime is set to the JPEG's ctime when it
 * was read, and ctime moves on every write and rename, so a replaced preview image or an edit swapped in
 * by moderation makes the old variant stale even when the new JPEG was written before it.
 */
export async function variantIsFresh(jpeg: string): Promise<boolean> {
  try {
    const [source, variant] = await Promise.all([stat(jpeg), stat(jpeg + WEBP_SUFFIX)]);
    // utimes keeps milliseconds only; ctime has nanoseconds.
    return variant.isFile() && variant.mtimeMs + 1 >= source.ctimeMs;
  } catch {
    return false;
  }
}

/** Writes `<jpeg>.webp` (atomically: a reader sees the old file or the whole new one). */
export async function writeWebp(jpeg: string): Promise<void> {
  const source = await stat(jpeg);
  const target = jpeg + WEBP_SUFFIX;
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await sharp(jpeg).webp(WEBP).toFile(temp);
    await utimes(temp, source.ctime, source.ctime);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** The images of one video's media directory: thumb, thumb@2x, scr and the seek-preview sprite sheets. */
async function videoImages(dir: string): Promise<string[]> {
  const files = [MEDIA_FILES.thumb, MEDIA_FILES.thumb2x, MEDIA_FILES.scr].map((f) => join(dir, f));
  const spriteDir = join(dir, MEDIA_FILES.spritesDir);
  const sprites = await readdir(spriteDir).catch(() => [] as string[]);
  for (const name of sprites) {
    if (/\.jpe?g$/i.test(name) && name !== MEDIA_FILES.spritePrimer) files.push(join(spriteDir, name));
  }
  return files;
}

/**
 * Writes the WebP variants of a processed video's images, after the pipeline (and the uploader's own
 * preview image) wrote the JPEGs. Never throws: a variant is an optimisation, and one that could not be
 * written here is made (and its failure logged) when first asked for. Returns the JPEGs left without one.
 * One at a time: sharp already uses a core, and the machine may have only two.
 */
export async function writeImageVariants(dir: string): Promise<string[]> {
  const failed: string[] = [];
  for (const jpeg of await videoImages(dir)) {
    if (await variantIsFresh(jpeg)) continue;
    try {
      await writeWebp(jpeg);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') failed.push(jpeg);
    }
  }
  return failed;
}

/**
 * Makes missing or stale variants when they are asked for (seeded media, images written before variants
 * existed, a preview image replaced later), one at a time and each once. Resolves false without waiting
 * when `maxWaiting` encodes are already queued, so a burst of requests cannot pile up work: the caller
 * then serves the JPEG. Rejects when the encode fails.
 */
export function createVariantMaker(maxWaiting = 16) {
  const inFlight = new Map<string, Promise<boolean>>();
  let chain: Promise<unknown> = Promise.resolve();

  return async function ensureWebp(jpeg: string): Promise<boolean> {
    if (await variantIsFresh(jpeg)) return true;
    const running = inFlight.get(jpeg);
    if (running) return running;
    if (inFlight.size >= maxWaiting) return false;
    const job = chain.then(async () => {
      try {
        if (!(await variantIsFresh(jpeg))) await writeWebp(jpeg);
        return true;
      } finally {
        inFlight.delete(jpeg);
      }
    });
    inFlight.set(jpeg, job);
    chain = job.catch(() => {});
    return job;
  };
}
