import type { Gender } from '@vt/rules';
import type Database from 'better-sqlite3';
import { TtlMemo } from '../../lib/lru-cache';
import type { PublicCaches } from '../shared/public-caches';
import type { VideoThumb } from '../videos/video.dto';
import { unfilteredQuery, type VideoListing } from '../videos/video-listing.service';

const TEN_MINUTES = 10 * 60_000;

/**
 * The categories index's pictures: each category's most popular listed video in an orientation, by
 * category dir. The same query as the category's own "most popular" page, one row each, for every
 * category at once (so no request can ask for other sets to compute); kept ten minutes per orientation,
 * and dropped with the public caches when moderation changes what visitors may see.
 */
export function createCategoryCovers({
  sqlite,
  listing,
  caches,
}: {
  sqlite: Database.Database;
  listing: VideoListing;
  caches: PublicCaches;
}) {
  const memo = new TtlMemo<Record<string, VideoThumb>>(TEN_MINUTES, 3);
  caches.register(() => memo.clear());
  const allDirs = sqlite.prepare('SELECT dir FROM categories ORDER BY id').pluck();
  return {
    covers(gender: Gender): Record<string, VideoThumb> {
      return memo.getOrCompute(gender, () => {
        const dirs = allDirs.all() as string[];
        const ids = dirs.map(
          (dir) =>
            listing.pageIds(
              unfilteredQuery({
                gender,
                sort: 'most-popular',
                count: 1,
                page: 1,
                target: { section: 'categories', dirs: [dir] },
              }),
            )[0],
        );
        const thumbs = new Map(
          listing.fetchThumbs(ids.filter((id) => id !== undefined)).map((t) => [t.id, t]),
        );
        const out: Record<string, VideoThumb> = {};
        dirs.forEach((dir, i) => {
          const thumb = ids[i] === undefined ? undefined : thumbs.get(ids[i]);
          if (thumb) out[dir] = thumb;
        });
        return out;
      });
    },
  };
}

export type CategoryCovers = ReturnType<typeof createCategoryCovers>;
