import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { adjustListingFacets, MEMBER_VIDEOS_SQL, refreshListedCountsOf, refreshTaxonomyCounts } from '@vt/db';
import type Database from 'better-sqlite3';
import type { PublicCaches } from '../shared/public-caches';
import type { VideoListing } from './video-listing.service';

/**
 * What visitors can see: the one place that lists, takes down or hides videos and albums. Every change
 * refreshes the counters listings use, queues the search index and purges every cached answer (listings,
 * the video's JSON, related videos, sitemaps), so the change is visible on the next request.
 */
export function createPublishService({
  sqlite,
  listing,
  caches,
  queueIndex,
  originals,
}: {
  sqlite: Database.Database;
  listing: VideoListing;
  caches: PublicCaches;
  queueIndex: (ids: readonly number[]) => void;
  /** Where uploaded originals wait, and whether they stay after approval. */
  originals: { dir: string; keep: boolean };
}) {
  const uploaderCounts = sqlite.prepare(
    `UPDATE members SET videos_count = ${MEMBER_VIDEOS_SQL}
     WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const uploadersOf = sqlite
    .prepare(
      'SELECT DISTINCT uploader_id FROM videos WHERE id IN (SELECT value FROM json_each(?)) AND uploader_id IS NOT NULL',
    )
    .pluck();
  // Category ids below 63 are bits of category_mask, which the listings' indexes filter on.
  const categoryMask = sqlite.prepare(
    `UPDATE videos SET category_mask = coalesce((SELECT sum(1 << category_id) FROM video_categories
       WHERE video_id = videos.id AND category_id < 63), 0) WHERE id = ?`,
  );
  // A suspended uploader's pending uploads stay unpublished: the ban hides everything of theirs.
  const notSuspended = "coalesce((SELECT status FROM members WHERE id = uploader_id), '') != 'suspended'";
  const approveVideo = sqlite.prepare(
    `UPDATE videos SET status_id = 1, post_date = unixepoch(), reject_reason = NULL
     WHERE id = ? AND status_id = 2 AND media_path IS NOT NULL AND ${notSuspended}`,
  );
  const takeDownVideo = sqlite.prepare('UPDATE videos SET status_id = 5 WHERE id = ? AND status_id != 5');
  const videoVisibility = sqlite.prepare('SELECT status_id, uploader_id FROM videos WHERE id = ?');
  const albumVisibility = sqlite.prepare('SELECT status_id, uploader_id FROM albums WHERE id = ?');
  const originalsOf = sqlite.prepare('SELECT id FROM uploads WHERE video_id = ?').pluck();
  const listedIds = sqlite
    .prepare(
      'SELECT id FROM videos WHERE id IN (SELECT value FROM json_each(?)) AND status_id = 1 AND is_private = 0',
    )
    .pluck();
  /** Which of these videos visitors can list now. */
  const listedOf = (ids: readonly number[]) => listedIds.all(JSON.stringify(ids)) as number[];

  /**
   * In the same transaction as the status change: the listing facets (every category count and listing
   * total) and the maintained counts of the models, playlists and categories of the videos that entered
   * (+1) or left (-1) the listings. `listed` are the ones visitors could list before a removal or can after
   * an addition.
   */
  function listedChanged(changedIds: readonly number[], listed: readonly number[], delta: 1 | -1) {
    const moved = changedIds.filter((id) => listed.includes(id));
    adjustListingFacets(sqlite, moved, delta);
    refreshListedCountsOf(sqlite, moved);
  }

  /** After any change of what is listed: counters, totals, search and every cache. */
  function changed(videoIds: readonly number[], uploaderIds: readonly number[]) {
    if (uploaderIds.length) uploaderCounts.run(JSON.stringify(uploaderIds));
    listing.invalidateCounts();
    if (videoIds.length) queueIndex(videoIds);
    caches.purge();
  }

  const uploaders = (ids: readonly number[]) => uploadersOf.all(JSON.stringify(ids)) as number[];

  /**
   * The original was kept for moderators (a restoration re-run, ADR 0039) until their decision; the
   * processed media is what the site serves. Deletion frees it in the media.free job.
   */
  function freeOriginals(videoIds: readonly number[]) {
    if (originals.keep) return;
    for (const id of videoIds)
      for (const upload of originalsOf.all(id) as string[])
        for (const file of [upload, `${upload}.json`]) rmSync(join(originals.dir, file), { force: true });
  }

  const service = {
    /** Pending → active, for each processed, pending video; returns the ids that were approved. */
    approve(videoIds: readonly number[]): number[] {
      const done = sqlite.transaction(() => {
        const ok: number[] = [];
        for (const id of videoIds) {
          if (approveVideo.run(id).changes === 0) continue;
          categoryMask.run(id);
          ok.push(id);
        }
        listedChanged(ok, listedOf(ok), 1);
        return ok;
      })();
      if (done.length) changed(done, uploaders(done));
      freeOriginals(done);
      return done;
    },

    /** Pending (or failed) → rejected with a reason; nothing public changes. */
    reject(videoIds: readonly number[], reason: string): number[] {
      const stmt = sqlite.prepare(
        'UPDATE videos SET status_id = 4, reject_reason = ? WHERE id = ? AND status_id IN (2, 3, 6)',
      );
      const done = sqlite.transaction(() => videoIds.filter((id) => stmt.run(reason, id).changes > 0))();
      freeOriginals(done);
      return done;
    },

    /** Any state → deleted (status 5): its page shows 'Video has been recently deleted'. */
    takeDown(videoIds: readonly number[]): number[] {
      const ups = uploaders(videoIds);
      const done = sqlite.transaction(() => {
        const wasListed = listedOf(videoIds);
        const ok = videoIds.filter((id) => takeDownVideo.run(id).changes > 0);
        listedChanged(ok, wasListed, -1);
        return ok;
      })();
      if (done.length) changed(done, ups);
      freeOriginals(done);
      return done;
    },

    /** Deleted (status 5) → the status it had before a removal that an appeal reversed (ADR 0037). */
    restore(videoIds: readonly number[], status: number): number[] {
      const stmt = sqlite.prepare('UPDATE videos SET status_id = ? WHERE id = ? AND status_id = 5');
      const done = sqlite.transaction(() => {
        const ok = videoIds.filter((id) => stmt.run(status, id).changes > 0);
        listedChanged(ok, listedOf(ok), 1);
        return ok;
      })();
      if (done.length) changed(done, uploaders(done));
      return done;
    },

    /**
     * A listed video's text or images changed (an approved uploader edit): the search index and every cached
     * answer that shows it are refreshed. Counters and totals stay, since nothing entered or left a listing.
     */
    revised(videoIds: readonly number[]): void {
      if (!videoIds.length) return;
      queueIndex(videoIds);
      // Totals too: a version grouped or ungrouped (ADR 0035) leaves or joins the browsing listings.
      listing.invalidateCounts();
      caches.purge();
    },

    /**
     * Replaces a video's categories and models (an uploader's edit, applied or approved), keeping the listing
     * facets, the category mask and the counts of every model and category it joined or left in step. Runs in
     * the caller's transaction when there is one; the caller purges (revised) afterwards.
     */
    retag(videoId: number, tags: { categoryIds?: readonly number[]; modelIds?: readonly number[] }): void {
      sqlite.transaction(() => {
        const listed = listedOf([videoId]);
        const oldModels = sqlite
          .prepare('SELECT model_id FROM video_models WHERE video_id = ?')
          .pluck()
          .all(videoId);
        const oldCats = sqlite
          .prepare('SELECT category_id FROM video_categories WHERE video_id = ?')
          .pluck()
          .all(videoId);
        adjustListingFacets(sqlite, listed, -1);
        if (tags.categoryIds) {
          sqlite.prepare('DELETE FROM video_categories WHERE video_id = ?').run(videoId);
          const add = sqlite.prepare(
            'INSERT OR IGNORE INTO video_categories (video_id, category_id) VALUES (?, ?)',
          );
          for (const c of tags.categoryIds) add.run(videoId, c);
          categoryMask.run(videoId);
        }
        if (tags.modelIds) {
          sqlite.prepare('DELETE FROM video_models WHERE video_id = ?').run(videoId);
          const add = sqlite.prepare('INSERT OR IGNORE INTO video_models (video_id, model_id) VALUES (?, ?)');
          for (const m of tags.modelIds) add.run(videoId, m);
        }
        adjustListingFacets(sqlite, listed, 1);
        refreshListedCountsOf(sqlite, listed);
        if (listed.length)
          refreshTaxonomyCounts(sqlite, { models: oldModels as number[], categories: oldCats as number[] });
      })();
      listing.invalidateCounts();
    },

    /** A pending album with photos → listed. */
    approveAlbums(albumIds: readonly number[]): number[] {
      const stmt = sqlite.prepare(
        `UPDATE albums SET status_id = 1, post_date = unixepoch(), reject_reason = NULL
         WHERE id = ? AND status_id = 2 AND photos_amount > 0 AND ${notSuspended}`,
      );
      const done = sqlite.transaction(() => albumIds.filter((id) => stmt.run(id).changes > 0))();
      if (done.length) changed([], []);
      return done;
    },

    rejectAlbums(albumIds: readonly number[], reason: string): number[] {
      const stmt = sqlite.prepare(
        'UPDATE albums SET status_id = 4, reject_reason = ? WHERE id = ? AND status_id = 2',
      );
      return sqlite.transaction(() => albumIds.filter((id) => stmt.run(reason, id).changes > 0))();
    },

    /** A suspended uploader's listed videos and albums are hidden (7), to come back if the ban is lifted. */
    hideUploader(memberId: number): { videos: number[]; albums: number[] } {
      return setUploaderContent(memberId, 1, 7);
    },

    restoreUploader(memberId: number): { videos: number[]; albums: number[] } {
      return setUploaderContent(memberId, 7, 1);
    },

    /** Whether an uploaded video's or album's media may be shown to everyone, and whose it is. */
    visibility(kind: 'video' | 'album', id: number): { listed: boolean; uploaderId: number | null } | null {
      const r = (kind === 'video' ? videoVisibility : albumVisibility).get(id) as
        | { status_id: number; uploader_id: number | null }
        | undefined;
      // Quarantined (ADR 0034): nobody, staff and uploader included, gets its media.
      if (!r || (kind === 'video' && r.status_id === 8)) return null;
      return { listed: r.status_id === 1, uploaderId: r.uploader_id };
    },

    /** Single-item forms kept for the upload flow's callers. */
    approveOne: (videoId: number) => service.approve([videoId]).length > 0,
    approveAlbum: (albumId: number) => service.approveAlbums([albumId]).length > 0,
  };

  function setUploaderContent(memberId: number, from: number, to: number) {
    const result = sqlite.transaction(() => {
      const videos = sqlite
        .prepare('SELECT id FROM videos WHERE uploader_id = ? AND status_id = ?')
        .pluck()
        .all(memberId, from) as number[];
      const wasListed = listedOf(videos);
      sqlite
        .prepare('UPDATE videos SET status_id = ? WHERE uploader_id = ? AND status_id = ?')
        .run(to, memberId, from);
      if (to === 1) listedChanged(videos, listedOf(videos), 1);
      else listedChanged(videos, wasListed, -1);
      const albums = sqlite
        .prepare('SELECT id FROM albums WHERE uploader_id = ? AND status_id = ?')
        .pluck()
        .all(memberId, from) as number[];
      sqlite
        .prepare('UPDATE albums SET status_id = ? WHERE uploader_id = ? AND status_id = ?')
        .run(to, memberId, from);
      return { videos, albums };
    })();
    changed(result.videos, [memberId]);
    return result;
  }

  return service;
}

export type PublishService = ReturnType<typeof createPublishService>;
