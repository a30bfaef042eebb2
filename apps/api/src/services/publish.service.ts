import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { VideoListing } from './video-listing.service';

/**
 * Publishing a processed video: the one call moderation makes on approval. It lists the video, refreshes
 * the counters listings use and queues the search index; caches of up to a minute catch up by themselves.
 */
export function createPublishService({
  sqlite,
  listing,
  queueIndex,
  originals,
}: {
  sqlite: Database.Database;
  listing: VideoListing;
  queueIndex: (ids: readonly number[]) => void;
  /** Where uploaded originals wait, and whether they stay after approval. */
  originals: { dir: string; keep: boolean };
}) {
  return {
    /** Pending → active. Returns false when the video is not a processed, pending one. */
    approve(videoId: number): boolean {
      const r = sqlite
        .prepare(
          'UPDATE videos SET status_id = 1, post_date = unixepoch() WHERE id = ? AND status_id = 2 AND media_path IS NOT NULL',
        )
        .run(videoId);
      if (r.changes === 0) return false;
      // Category ids below 63 are bits of category_mask, which the listings' indexes filter on.
      sqlite
        .prepare(
          `UPDATE videos SET category_mask = coalesce((SELECT sum(1 << category_id) FROM video_categories
             WHERE video_id = videos.id AND category_id < 63), 0) WHERE id = ?`,
        )
        .run(videoId);
      sqlite
        .prepare(
          `UPDATE members SET videos_count = (SELECT count(*) FROM videos v WHERE v.uploader_id = members.id AND v.status_id = 1)
           WHERE id = (SELECT uploader_id FROM videos WHERE id = ?)`,
        )
        .run(videoId);
      listing.invalidateCounts();
      queueIndex([videoId]);
      // The original was kept for moderators until now; the processed media is what the site serves.
      if (!originals.keep) {
        for (const id of sqlite
          .prepare('SELECT id FROM uploads WHERE video_id = ?')
          .pluck()
          .all(videoId) as string[])
          for (const file of [id, `${id}.json`]) rmSync(join(originals.dir, file), { force: true });
      }
      return true;
    },

    /** A pending album with photos → listed. */
    approveAlbum(albumId: number): boolean {
      return (
        sqlite
          .prepare(
            'UPDATE albums SET status_id = 1, post_date = unixepoch() WHERE id = ? AND status_id = 2 AND photos_amount > 0',
          )
          .run(albumId).changes > 0
      );
    },
  };
}

export type PublishService = ReturnType<typeof createPublishService>;
