import { MEDIA_FILES } from '@vt/media';
import type Database from 'better-sqlite3';
import type { MediaUrls } from '../media/media-urls.service';
import type { FingerprintMatchHint, Fingerprints } from '../screening/fingerprints.service';
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

interface VideoRow {
  id: number;
  title: string;
  description: string;
  status_id: number;
  uploader_id: number | null;
  uploader_name: string | null;
  added_at: number;
  duration_sec: number;
  width: number;
  height: number;
  media_path: string | null;
  timeline_count: number;
  content_hash: string | null;
  gender: string;
  upload_id: string | null;
  filename: string | null;
  job_progress: number | null;
  job_stage: string | null;
  job_error: string | null;
  upload_error: string | null;
}

/** What moderators clear: pending videos, albums and edits of published videos, oldest first, with what a decision needs. */
export function createModerationQueue({
  sqlite,
  urls,
  restorationOf = () => null,
  fingerprints,
}: {
  sqlite: Database.Database;
  urls: MediaUrls;
  restorationOf?: (videoId: number, mediaPath: string | null) => RestorationView | null;
  fingerprints?: Pick<Fingerprints, 'matchesOf' | 'heldAmong'>;
}) {
  const videos = sqlite.prepare(
    `SELECT v.id, v.title, v.description, v.status_id, v.uploader_id, m.name AS uploader_name, v.added_at,
       v.duration_sec, v.width, v.height, v.media_path, v.timeline_count, v.content_hash, v.gender,
       u.id AS upload_id, u.filename, u.error AS upload_error,
       j.progress AS job_progress, j.stage AS job_stage, j.error AS job_error
     FROM videos v
     LEFT JOIN members m ON m.id = v.uploader_id
     LEFT JOIN uploads u ON u.video_id = v.id
     LEFT JOIN jobs j ON j.id = (SELECT max(id) FROM jobs WHERE unique_key = 'ingest:' || u.id)
     WHERE v.status_id IN (2, 3, 6)
     ORDER BY v.added_at, v.id LIMIT ?`,
  );
  // Uploads still being hashed or probed have no video yet; they show with their progress.
  const early = sqlite.prepare(
    `SELECT u.id, u.filename, u.meta, u.member_id, m.name AS uploader_name, u.created_at,
       j.progress, j.stage, j.error
     FROM uploads u
     LEFT JOIN members m ON m.id = u.member_id
     LEFT JOIN jobs j ON j.id = (SELECT max(id) FROM jobs WHERE unique_key = 'ingest:' || u.id)
     WHERE u.kind = 'video' AND u.status IN ('complete', 'processing') AND u.video_id IS NULL
     ORDER BY u.created_at LIMIT ?`,
  );
  const albums = sqlite.prepare(
    `SELECT a.id, a.title, a.description, a.uploader_id, m.name AS uploader_name, a.added_at, a.photos_amount,
       a.post_date
     FROM albums a LEFT JOIN members m ON m.id = a.uploader_id
     WHERE a.status_id = 2 AND a.photos_amount > 0 ORDER BY a.added_at, a.id LIMIT ?`,
  );
  // Edits of videos that are no longer published (deleted, rejected) wait for nothing.
  const edits = sqlite.prepare(
    `SELECT r.id, r.video_id, r.fields, r.preview_path, r.created_at, v.title, v.description, v.dir,
       v.media_path, v.uploader_id, m.name AS uploader_name
     FROM video_revisions r JOIN videos v ON v.id = r.video_id LEFT JOIN members m ON m.id = v.uploader_id
     WHERE r.status = 'pending' AND v.status_id IN (1, 7) ORDER BY r.created_at, r.id LIMIT ?`,
  );
  // Photos added since the last approval come first: they are what the moderator has not seen.
  const albumPhotos = sqlite
    .prepare('SELECT path FROM photos WHERE album_id = ? ORDER BY (created_at >= ?) DESC, position LIMIT 6')
    .pluck();
  const history = sqlite.prepare(
    'SELECT status_id AS status, count(*) AS n FROM videos WHERE uploader_id = ? GROUP BY status_id',
  );
  const sameFile = sqlite.prepare(
    'SELECT id, title, status_id FROM videos WHERE content_hash = ? AND id != ? AND status_id IN (4, 5, 7) LIMIT 3',
  );
  // Listed videos use the partial duration index; queued ones are few.
  const sameShapeListed = sqlite.prepare(
    `SELECT id, title, status_id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = ?
       AND duration_sec BETWEEN ? AND ? AND width = ? AND height = ? AND id != ? LIMIT 3`,
  );
  const sameShapeQueued = sqlite.prepare(
    `SELECT id, title, status_id FROM videos WHERE status_id IN (2, 3) AND duration_sec BETWEEN ? AND ?
       AND width = ? AND height = ? AND id != ? LIMIT 3`,
  );

  // Categories by their URL name: the moderator's language has no bearing on the queue's data.
  const categoryTitlesOf = sqlite
    .prepare(
      'SELECT c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ? ORDER BY c.dir',
    )
    .pluck();
  const categoryTitlesIn = sqlite
    .prepare('SELECT dir FROM categories WHERE dir IN (SELECT value FROM json_each(?)) ORDER BY dir')
    .pluck();
  const modelTitlesOf = sqlite
    .prepare(
      'SELECT m.title FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = ? ORDER BY m.title',
    )
    .pluck();
  const modelTitlesIn = sqlite
    .prepare('SELECT title FROM models WHERE id IN (SELECT value FROM json_each(?)) ORDER BY title')
    .pluck();

  // Candidates by duration first (the listed ones through the partial duration index), then ranked by title.
  const closeListed = sqlite.prepare(
    `SELECT id, title, status_id, duration_sec FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = ?
       AND duration_sec BETWEEN ? AND ? AND id != ? LIMIT 200`,
  );
  const closeQueued = sqlite.prepare(
    `SELECT id, title, status_id, duration_sec FROM videos WHERE status_id IN (2, 3) AND duration_sec BETWEEN ? AND ?
       AND id != ? LIMIT 50`,
  );

  const histories = new Map<number, UploaderHistory>();
  function historyOf(memberId: number | null): UploaderHistory {
    const empty = { approved: 0, rejected: 0, takenDown: 0 };
    if (memberId === null) return empty;
    let h = histories.get(memberId);
    if (!h) {
      h = { ...empty };
      for (const r of history.all(memberId) as { status: number; n: number }[]) {
        if (r.status === 1) h.approved = r.n;
        else if (r.status === 4) h.rejected = r.n;
        else if (r.status === 5) h.takenDown = r.n;
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

  function duplicatesOf(v: VideoRow): DuplicateHint[] {
    const hints = v.content_hash
      ? (sameFile.all(v.content_hash, v.id) as HintRow[]).map(hint('same_file'))
      : [];
    if (v.duration_sec > 0 && v.width > 0) {
      const lo = v.duration_sec - 1;
      const hi = v.duration_sec + 1;
      hints.push(
        ...(sameShapeListed.all(v.gender, lo, hi, v.width, v.height, v.id) as HintRow[]).map(
          hint('same_shape'),
        ),
        ...(sameShapeQueued.all(lo, hi, v.width, v.height, v.id) as HintRow[]).map(hint('same_shape')),
      );
    }
    return [...hints, ...similarTo(v, new Set(hints.map((h) => h.videoId)))].slice(0, 6);
  }

  /** Up to 3 videos within a few seconds of this one whose titles share the most words with its title. */
  function similarTo(v: VideoRow, seen: Set<number>): DuplicateHint[] {
    if (v.duration_sec <= 0) return [];
    const words = titleWords(v.title);
    if (words.size === 0) return [];
    const slack = Math.max(3, Math.round(v.duration_sec * 0.02));
    const lo = v.duration_sec - slack;
    const hi = v.duration_sec + slack;
    const rows = [
      ...(closeListed.all(v.gender, lo, hi, v.id) as (HintRow & { duration_sec: number })[]),
      ...(closeQueued.all(lo, hi, v.id) as (HintRow & { duration_sec: number })[]),
    ];
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

  const countAll = sqlite
    .prepare(
      `SELECT (SELECT count(*) FROM videos WHERE status_id IN (2, 3, 6))
            + (SELECT count(*) FROM albums WHERE status_id = 2 AND photos_amount > 0)
            + (SELECT count(*) FROM uploads WHERE kind = 'video' AND status IN ('complete', 'processing') AND video_id IS NULL)
            + (SELECT count(*) FROM video_revisions r JOIN videos v ON v.id = r.video_id
                 WHERE r.status = 'pending' AND v.status_id IN (1, 7))`,
    )
    .pluck();

  const service = {
    list(): { items: QueueItem[]; total: number } {
      histories.clear();
      const items: QueueItem[] = [];
      for (const r of early.all(QUEUE_LIMIT) as {
        id: string;
        filename: string;
        meta: string | null;
        member_id: number;
        uploader_name: string | null;
        created_at: number;
        progress: number | null;
        stage: string | null;
        error: string | null;
      }[]) {
        const meta = JSON.parse(r.meta ?? '{}') as { title?: string };
        items.push({
          kind: 'upload',
          key: `upload:${r.id}`,
          id: r.id,
          title: meta.title ?? r.filename,
          filename: r.filename,
          uploader: r.uploader_name ? { id: r.member_id, name: r.uploader_name } : null,
          uploadedAt: r.created_at,
          history: historyOf(r.member_id),
          state: 'processing',
          progress: r.progress ?? 0,
          stage: r.stage,
          error: null,
        });
      }
      const rows = videos.all(QUEUE_LIMIT) as VideoRow[];
      const held = fingerprints?.heldAmong(rows.map((r) => r.id)) ?? new Map<number, number>();
      for (const r of rows) {
        const ready = r.status_id === 2 && r.media_path;
        const matches = fingerprints?.matchesOf(r.id) ?? [];
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
          history: historyOf(r.uploader_id),
          duplicates: duplicatesOf(r).filter((d) => !matched.has(d.videoId)),
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
          restoration: restorationOf(r.id, r.media_path),
          ...processing(r.status_id, r),
        });
      }
      for (const r of albums.all(QUEUE_LIMIT) as {
        id: number;
        title: string;
        description: string;
        uploader_id: number | null;
        uploader_name: string | null;
        added_at: number;
        photos_amount: number;
        post_date: number;
      }[]) {
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
          photos: (
            albumPhotos.all(r.id, resubmitted ? r.post_date : Number.MAX_SAFE_INTEGER) as string[]
          ).map((p) => `/thumbs/${p}`),
          resubmitted,
          history: historyOf(r.uploader_id),
          state: 'ready',
        });
      }
      for (const r of edits.all(QUEUE_LIMIT) as {
        id: number;
        video_id: number;
        fields: string;
        preview_path: string | null;
        created_at: number;
        title: string;
        description: string;
        dir: string;
        media_path: string | null;
        uploader_id: number | null;
        uploader_name: string | null;
      }[]) {
        const fields = JSON.parse(r.fields) as {
          title?: string;
          description?: string;
          categories?: string[];
          models?: number[];
        };
        const changes: EditChange[] = [];
        if (fields.title !== undefined)
          changes.push({ field: 'title', before: r.title, after: fields.title });
        if (fields.description !== undefined)
          changes.push({ field: 'description', before: r.description, after: fields.description });
        if (fields.categories)
          changes.push({
            field: 'categories',
            before: (categoryTitlesOf.all(r.video_id) as string[]).join(', '),
            after: (categoryTitlesIn.all(JSON.stringify(fields.categories)) as string[]).join(', '),
          });
        if (fields.models)
          changes.push({
            field: 'models',
            before: (modelTitlesOf.all(r.video_id) as string[]).join(', '),
            after: (modelTitlesIn.all(JSON.stringify(fields.models)) as string[]).join(', '),
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
          history: historyOf(r.uploader_id),
          changes,
          state: 'ready',
        });
      }
      // Oldest first across kinds: the queue is cleared in the order people uploaded.
      items.sort((a, b) => a.uploadedAt - b.uploadedAt || a.key.localeCompare(b.key));
      return { items: items.slice(0, QUEUE_LIMIT), total: service.count() };
    },

    /** How many items wait, for the tab badge, without building the list. */
    count(): number {
      return Number(countAll.get());
    },

    /** Where a pending video's timeline lives, for the moderators' sprite previews. */
    timelineOf(videoId: number): string | null {
      const r = sqlite
        .prepare('SELECT media_path, timeline_count FROM videos WHERE id = ? AND status_id IN (2, 3, 6)')
        .get(videoId) as { media_path: string | null; timeline_count: number } | undefined;
      return r?.media_path && r.timeline_count ? r.media_path : null;
    },
  };
  return service;
}

export type ModerationQueue = ReturnType<typeof createModerationQueue>;
