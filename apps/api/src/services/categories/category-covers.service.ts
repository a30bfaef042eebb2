import type { Gender } from '@vt/rules';
import { AsyncTtlMemo } from '../../lib/lru-cache';
import type { PublicCaches } from '../shared/public-caches';
import type { VideoThumb } from '../videos/video.dto';
import { unfilteredQuery, type VideoListing } from '../videos/video-listing.service';
import type { CategoriesRepository } from './categories.repository';

const TEN_MINUTES = 10 * 60_000;

/**
 * The categories index's pictures: each category's most popular listed video in an orientation, by
 * category dir. The same query as the category's own "most popular" page, one row each, for every
 * category at once (so no request can ask for other sets to compute); kept ten minutes per orientation,
 * and dropped with the public caches when moderation changes what visitors may see.
 */
export function createCategoryCovers({
  categories,
  listing,
  caches,
}: {
  categories: CategoriesRepository;
  listing: VideoListing;
  caches: PublicCaches;
}) {
  const memo = new AsyncTtlMemo<Record<string, VideoThumb>>(TEN_MINUTES, 3);
  caches.register(() => memo.clear());
  return {
    covers(gender: Gender): Promise<Record<string, VideoThumb>> {
      return memo.getOrCompute(gender, async () => {
        const dirs = await categories.allDirs();
        const ids: (number | undefined)[] = [];
        for (const dir of dirs) {
          const page = await listing.pageIds(
            unfilteredQuery({
              gender,
              sort: 'most-popular',
              count: 1,
              page: 1,
              target: { section: 'categories', dirs: [dir] },
            }),
          );
          ids.push(page[0]);
        }
        const thumbs = new Map(
          (await listing.fetchThumbs(ids.filter((id) => id !== undefined))).map((t) => [t.id, t]),
        );
        const out: Record<string, VideoThumb> = {};
        dirs.forEach((dir, i) => {
          const id = ids[i];
          const thumb = id === undefined ? undefined : thumbs.get(id);
          if (thumb) out[dir] = thumb;
        });
        return out;
      });
    },
  };
}

export type CategoryCovers = ReturnType<typeof createCategoryCovers>;
