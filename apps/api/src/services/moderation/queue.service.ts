import { readJson } from '@vt/db';
import { MEDIA_FILES } from '@vt/media';
import type { MediaUrls } from '../media/media-urls.service';
import type { FingerprintMatchHint, Fingerprints } from '../screening/fingerprints.service';
import type { QueueRepository } from './queue.repository';
import type { RestorationView } from './restoration.service';

/** A title's normalised words: lower case, accents and punctuation dropped, short words and digits-only skipped. */
export function titleWords(title: string): Set<string> {
  const plain = title.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return new Set(plain.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 2 && !/^\d+$/.test(w)));
}

/** Shared words over the smaller title's words (0..1): "Beach Reel" is close to "Beach Reel (remux) 1080p". */
export function titleSimilarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size);
}

/** At most this many items are on the queue page; bulk actions work on what is shown. */
export const QUEUE_LIMIT = 200;

export interface UploaderHistory {
  approved: number;
  rejected: number;
  takenDown: number;
}

export interface DuplicateHint {
  videoId: number;
  title: string;
  statusId: number;
  /**
   * same_file: the same bytes as a rejected or deleted video; same_shape: same duration and resolution;
   * similar: a close duration and a title sharing words (a remuxed or re-encoded copy).
   */
  kind: 'same_file' | 'same_shape' | 'similar';
}

interface Processing {
  state: 'processing' | 'ready' | 'failed';
  progress: number;
  stage: string | null;
  error: string | null;
}

export type QueueItem =
  | ({
      kind: 'video';
      key: string;
      id: number;
      title: string;
      description: string;
      uploader: { id: number; name: string } | null;
      uploadedAt: number;
      durationSec: number;
      width: number;
      height: number;
      filename: string | null;
      history: UploaderHistory;
      duplicates: DuplicateHint[];
      /** Near-duplicates by fingerprint with the matched ranges (ADR 0034); their ids leave `duplicates`. */
      matches: FingerprintMatchHint[];
      /** Held as a full copy of this video: approving takes the explicit override. */
      heldAsCopyOf: number | null;
      media: { hls: string; poster: string; preview: string; timelineVtt: string | null } | null;
      /** The restoration decisions, stills and re-run (ADR 0039); null when the pass did not run. */
      restoration: RestorationView | null;
    } & Processing)
  | ({
      kind: 'upload';
      key: string;
      id: string;
      title: string;
      uploader: { id: number; name: string } | null;
      uploadedAt: number;
      filename: string;
      history: UploaderHistory;
    } & Processing)
  | {
      kind: 'album';
      key: string;
      id: number;
      title: string;
      description: string;
      uploader: { id: number; name: string } | null;
      uploadedAt: number;
      photosAmount: number;
      photos: string[];
      /** Approved before, then changed by its uploader (new photos or text, ADR 0030): back for review. */
      resubmitted: boolean;
      history: UploaderHistory;
      state: 'ready';
    }
  | {
      /** An uploader's edit of a published video: the public text and image against the proposed ones. */
      kind: 'edit';
      key: string;
      id: number;
      videoId: number;
      dir: string;
      title: string;
      uploader: { id: number; name: string } | null;
      uploadedAt: number;
      history: UploaderHistory;
      changes: EditChange[];
      state: 'ready';
    };

/** One changed field of an edit; images are URLs (the proposed one is answered to staff only). */
export interface EditChange {
  field: 'title' | 'description' | 'image' | 'categories' | 'models';
  before: string;
  after: string;
}

type VideoRow = Awaited<ReturnType<QueueRepository['videos']>>[number];

/** What moderators clear: pending videos, albums and edits of published videos, oldest first, with what a decision needs. */
export function createModerationQueue({
  queue,
  urls,
  restorationOf = async () => null,
  fingerprints,
}: {
  queue: QueueRepository;
  urls: MediaUrls;
  restorationOf?: (videoId: number, mediaPath: string | null) => Promise<RestorationView | null>;
  fingerprints?: Pick<Fingerprints, 'matchesOf' | 'heldAmong'>;
}) {
  const histories = new Map<number, UploaderHistory>();
  async function historyOf(memberId: number | null): Promise<UploaderHistory> {
    const empty = { approved: 0, rejected: 0, takenDown: 0 };
    if (memberId === null) return empty;
    let h = histories.get(memberId);
    if (!h) {
      h = { ...empty };
      for (const r of await queue.history(memberId)) {
        if (r.status_id === 1) h.approved = Number(r.n);
        else if (r.status_id === 4) h.rejected = Number(r.n);
        else if (r.status_id === 5) h.takenDown = Number(r.n);
      }
      histories.set(memberId, h);
    }
    return h;
  }

  type HintRow = { id: number; title: string; status_id: number };
  const hint = (kind: DuplicateHint['kind']) => (r: HintRow) => ({
    videoId: r.id,
    title: r.title,
    statusId: r.status_id,
    kind,
  });

  async function duplicatesOf(v: VideoRow): Promise<DuplicateHint[]> {
    const hints = v.content_hash ? (await queue.sameFile(v.content_hash, v.id)).map(hint('same_file')) : [];
    if (v.duration_sec > 0 && v.width > 0)
      hints.push(
        ...(await queue.sameShape(v, v.duration_sec - 1, v.duration_sec + 1)).map(hint('same_shape')),
      );
    return [...hints, ...(await similarTo(v, new Set(hints.map((h) => h.videoId))))].slice(0, 6);
  }

  /** Up to 3 videos within a few seconds of this one whose titles share the most words with its title. */
  async function similarTo(v: VideoRow, seen: Set<number>): Promise<DuplicateHint[]> {
    if (v.duration_sec <= 0) return [];
    const words = titleWords(v.title);
    if (words.size === 0) return [];
    const slack = Math.max(3, Math.round(v.duration_sec * 0.02));
    const lo = v.duration_sec - slack;
    const hi = v.duration_sec + slack;
    const rows = await queue.close(v, lo, hi);
    return rows
      .filter((r) => !seen.has(r.id))
      .map((r) => ({ r, score: titleSimilarity(words, titleWords(r.title)) }))
      .filter((x) => x.score >= 0.3)
      .sort(
        (a, b) =>
          b.score - a.score ||
          Math.abs(a.r.duration_sec - v.duration_sec) - Math.abs(b.r.duration_sec - v.duration_sec),
      )
      .slice(0, 3)
      .map((x) => hint('similar')(x.r));
  }

  function processing(statusId: number, r: VideoRow): Processing {
    if (statusId === 2) return { state: 'ready', progress: 1, stage: null, error: null };
    if (statusId === 6)
      return {
        state: 'failed',
        progress: r.job_progress ?? 0,
        stage: r.job_stage,
        error: r.upload_error ?? r.job_error,
      };
    return { state: 'processing', progress: r.job_progress ?? 0, stage: r.job_stage, error: null };
  }

  const service = {
    async list(): Promise<{ items: QueueItem[]; total: number }> {
      histories.clear();
      const items: QueueItem[] = [];
      for (const r of await queue.early(QUEUE_LIMIT)) {
        const meta = readJson<{ title?: string } | null>(r.meta ?? null) ?? {};
        items.push({
          kind: 'upload',
          key: `upload:${r.id}`,
          id: r.id,
          title: meta.title ?? r.filename,
          filename: r.filename,
          uploader: r.uploader_name ? { id: r.member_id, name: r.uploader_name } : null,
          uploadedAt: r.created_at,
          history: await historyOf(r.member_id),
          state: 'processing',
          progress: r.progress ?? 0,
          stage: r.stage,
          error: null,
        });
      }
      const rows = await queue.videos(QUEUE_LIMIT);
      const held = (await fingerprints?.heldAmong(rows.map((r) => r.id))) ?? new Map<number, number>();
      for (const r of rows) {
        const ready = r.status_id === 2 && r.media_path;
        const matches = (await fingerprints?.matchesOf(r.id)) ?? [];
        const matched = new Set(matches.map((m) => m.videoId));
        items.push({
          kind: 'video',
          key: `video:${r.id}`,
          id: r.id,
          title: r.title,
          description: r.description,
          uploader: r.uploader_id && r.uploader_name ? { id: r.uploader_id, name: r.uploader_name } : null,
          uploadedAt: r.added_at,
          durationSec: r.duration_sec,
          width: r.width,
          height: r.height,
          filename: r.filename,
          history: await historyOf(r.uploader_id),
          duplicates: (await duplicatesOf(r)).filter((d) => !matched.has(d.videoId)),
          matches,
          heldAsCopyOf: held.get(r.id) ?? null,
          media:
            ready && r.media_path
              ? {
                  hls: urls.signedHls(r.media_path).url,
                  poster: urls.image(r.media_path, MEDIA_FILES.thumb),
                  preview: urls.image(r.media_path, MEDIA_FILES.preview),
                  timelineVtt: r.timeline_count ? `/api/moderation/timeline/${r.id}.vtt` : null,
                }
              : null,
          restoration: await restorationOf(r.id, r.media_path),
          ...processing(r.status_id, r),
        });
      }
      for (const r of await queue.albums(QUEUE_LIMIT)) {
        // Approval stamps post_date; a pending album with a later post_date than its creation was approved once.
        const resubmitted = r.post_date > r.added_at;
        items.push({
          kind: 'album',
          key: `album:${r.id}`,
          id: r.id,
          title: r.title,
          description: r.description,
          uploader: r.uploader_id && r.uploader_name ? { id: r.uploader_id, name: r.uploader_name } : null,
          uploadedAt: r.added_at,
          photosAmount: r.photos_amount,
          photos: (await queue.albumPhotos(r.id, resubmitted ? r.post_date : Number.MAX_SAFE_INTEGER)).map(
            (p) => `/thumbs/${p}`,
          ),
          resubmitted,
          history: await historyOf(r.uploader_id),
          state: 'ready',
        });
      }
      for (const r of await queue.edits(QUEUE_LIMIT)) {
        const fields = readJson<{
          title?: string;
          description?: string;
          categories?: string[];
          models?: number[];
        }>(r.fields);
        const changes: EditChange[] = [];
        if (fields.title !== undefined)
          changes.push({ field: 'title', before: r.title, after: fields.title });
        if (fields.description !== undefined)
          changes.push({ field: 'description', before: r.description, after: fields.description });
        if (fields.categories)
          changes.push({
            field: 'categories',
            before: (await queue.categoryDirsOf(r.video_id)).join(', '),
            after: (await queue.categoryDirsIn(fields.categories)).join(', '),
          });
        if (fields.models)
          changes.push({
            field: 'models',
            before: (await queue.modelTitlesOf(r.video_id)).join(', '),
            after: (await queue.modelTitlesIn(fields.models)).join(', '),
          });
        if (r.preview_path)
          changes.push({
            field: 'image',
            before: urls.image(r.media_path, MEDIA_FILES.thumb2x),
            after: `/api/moderation/revision-image/${r.id}.jpg`,
          });
        items.push({
          kind: 'edit',
          key: `edit:${r.id}`,
          id: r.id,
          videoId: r.video_id,
          dir: r.dir,
          title: r.title,
          uploader: r.uploader_id && r.uploader_name ? { id: r.uploader_id, name: r.uploader_name } : null,
          uploadedAt: r.created_at,
          history: await historyOf(r.uploader_id),
          changes,
          state: 'ready',
        });
      }
      // Oldest first across kinds: the queue is cleared in the order people uploaded.
      items.sort((a, b) => a.uploadedAt - b.uploadedAt || a.key.localeCompare(b.key));
      return { items: items.slice(0, QUEUE_LIMIT), total: await service.count() };
    },

    /** How many items wait, for the tab badge, without building the list. */
    count: (): Promise<number> => queue.count(),

    /** Where a pending video's timeline lives, for the moderators' sprite previews. */
    async timelineOf(videoId: number): Promise<string | null> {
      const r = await queue.timelineOf(videoId);
      return r?.media_path && r.timeline_count ? r.media_path : null;
    },
  };
  return service;
}

export type ModerationQueue = ReturnType<typeof createModerationQueue>;
