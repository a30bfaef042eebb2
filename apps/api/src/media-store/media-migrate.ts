import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { TMP_SUFFIX } from '@vt/media';
import { walkFiles } from './local-media-store';
import type { MediaStore } from './media-store';
import { FLAT_MARKERS } from './s3-media-store';
import { PROCESS_MARKS, PULL_DIRS, SCRATCH_MARK } from './scratch';

export interface MigrateProgress {
  done: number;
  total: number;
  copied: number;
  skipped: number;
  bytes: number;
}

export interface MigrateResult extends MigrateProgress {
  /** True when the run stopped early (its signal aborted); a later run resumes where it stopped. */
  interrupted: boolean;
}

/** A run's leftovers, never media: staging directories, files half copied, versions moved aside. */
function isLeftover(rel: string): boolean {
  return rel
    .split('/')
    .some((seg) => seg.endsWith(TMP_SUFFIX) || /\.part-[0-9a-f]+$/.test(seg) || /\.old-[0-9a-f]+$/.test(seg));
}

/**
 * What a worker keeps in its scratch when this tree served S3 mode before (a resumed or repeated run):
 * pulled sources, private images and remux levels, the live-process marks, and a ladder marked as scratch
 * (`uploads/{id}.scratch`), whose directory is a copy on its way to the bucket, not the published version.
 */
function scratchFilter(files: readonly string[]): (rel: string) => boolean {
  const marked = files.filter((f) => f.endsWith(SCRATCH_MARK)).map((f) => f.slice(0, -SCRATCH_MARK.length));
  return (rel) => {
    const top = rel.split('/')[0];
    if ((PULL_DIRS as readonly string[]).includes(top) || top === PROCESS_MARKS) return true;
    return rel.endsWith(SCRATCH_MARK) || marked.some((dir) => rel.startsWith(`${dir}/`));
  };
}

async function digests(file: string): Promise<{ sha256: string; md5: string }> {
  const sha = createHash('sha256');
  const md5 = createHash('md5');
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    sha.update(chunk as Buffer);
    md5.update(chunk as Buffer);
  }
  return { sha256: sha.digest('hex'), md5: md5.digest('hex') };
}

/**
 * Copies a local media tree into a store key for key (`npm run media:migrate`, ADR 0042). Each object
 * carries its SHA-256 as metadata; an object already there with the same SHA-256 and size is skipped, so
 * an interrupted run resumes where it stopped. After each copy the stored object is checked: its size,
 * its SHA-256, and for single-part uploads the ETag against the file's MD5. Manifests and master playlists go last, so a
 * video directory the store sees a manifest or master playlist in is complete (S3MediaStore.current).
 */
export async function migrateMediaTree(opts: {
  from: string;
  to: MediaStore;
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: (p: MigrateProgress) => void;
}): Promise<MigrateResult> {
  const walked = await walkFiles(opts.from);
  const isScratch = scratchFilter(walked);
  const files = walked.filter((rel) => !isLeftover(rel) && !isScratch(rel));
  const isManifest = (rel: string) =>
    (FLAT_MARKERS as readonly string[]).includes(rel.split('/').pop() ?? '');
  const ordered = [...files.filter((f) => !isManifest(f)), ...files.filter(isManifest)];
  const p: MigrateProgress = { done: 0, total: ordered.length, copied: 0, skipped: 0, bytes: 0 };
  opts.onProgress?.({ ...p });

  const copyOne = async (rel: string) => {
    const file = join(opts.from, rel);
    const [{ size }, sums] = await Promise.all([stat(file), digests(file)]);
    const there = await opts.to.head(rel);
    if (there && there.size === size && there.sha256 === sums.sha256) {
      p.skipped++;
    } else {
      await opts.to.putFile(rel, file, { sha256: sums.sha256 });
      const check = await opts.to.head(rel);
      const etagOk = !check?.etag || check.etag.includes('-') || check.etag === sums.md5;
      if (!check || check.size !== size || (check.sha256 !== null && check.sha256 !== sums.sha256) || !etagOk)
        throw new Error(`media:migrate: ${rel} does not match after copying (size or checksum differs)`);
      p.copied++;
      p.bytes += size;
    }
    p.done++;
    opts.onProgress?.({ ...p });
  };

  // Markers only after every other file is in: the two groups run one after the other.
  const groups = [ordered.filter((f) => !isManifest(f)), ordered.filter(isManifest)];
  for (const group of groups) {
    let next = 0;
    const lane = async () => {
      while (next < group.length && !opts.signal?.aborted) await copyOne(group[next++]);
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(opts.concurrency ?? 4, group.length)) }, lane),
    );
    if (opts.signal?.aborted) break;
  }
  return { ...p, interrupted: p.done < p.total };
}
