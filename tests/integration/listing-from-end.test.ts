import { sqliteDataLayer } from '@vt/db';
import type { DateFilter, DurationFilter, VideoSort } from '@vt/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaUrls } from '../../apps/api/src/services/media/media-urls.service';
import { createCacheEpochRepository } from '../../apps/api/src/services/shared/cache-epoch.repository';
import { systemClock } from '../../apps/api/src/services/shared/clock';
import { createPublicCaches } from '../../apps/api/src/services/shared/public-caches';
import { createListingRepository } from '../../apps/api/src/services/videos/listing.repository';
import type { ListingQuery, ListingSection } from '../../apps/api/src/services/videos/video.dto';
import { createVideoListing } from '../../apps/api/src/services/videos/video-listing.service';
import { createVideoVersions } from '../../apps/api/src/services/videos/video-versions.service';
import { createVideosRepository } from '../../apps/api/src/services/videos/videos.repository';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A deep page of a sparse listing is read from the listing's end, a "top rated" of a window along the
 * cheaper of two indexes, and a small window's ordered ids at once (video-listing.service.ts). On a big
 * site only; here the thresholds are set so that every page past the middle is read from the end, or every
 * window from its ids, and each page must be the one read from the start, page by page.
 */

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 300 });
});
afterAll(() => sut.close());

const SORTS: VideoSort[] = [
  'latest-updates',
  'longest',
  'most-commented',
  'most-popular',
  'top-rated',
  'most-viewed',
];
const DATES: DateFilter[] = ['all', 'day', 'week', 'month'];
/** The month's best rated, page 1. */
const MONTH_TOP: ListingQuery = {
  gender: 'straight',
  sort: 'top-rated',
  date: 'month',
  target: { section: 'all' },
  duration: 0,
  hdOnly: false,
  count: 7,
  page: 1,
};

function listings(caches?: ReturnType<typeof createPublicCaches>) {
  const layer = sqliteDataLayer(sut.db.$client);
  const repository = createListingRepository(layer);
  const urls = createMediaUrls({
    secret: sut.config.mediaSecret,
    ttlSeconds: sut.config.mediaUrlTtl,
    clock: systemClock,
    scheme: sut.config.mediaSignature,
  });
  const versions = createVideoVersions({ repository: createVideosRepository(layer) });
  const deps = { repository, urls, clock: systemClock, versions, caches };
  return {
    fromStart: createVideoListing({
      ...deps,
      smallWindow: 0,
      snapshotUpTo: 0,
      reverseAfter: Number.POSITIVE_INFINITY,
    }),
    fromEnd: createVideoListing({ ...deps, smallWindow: 0, snapshotUpTo: 0, reverseAfter: 0 }),
    windowIds: createVideoListing({ ...deps, smallWindow: Number.POSITIVE_INFINITY, snapshotUpTo: 0 }),
    snapshot: createVideoListing({ ...deps, smallWindow: 0, snapshotUpTo: Number.POSITIVE_INFINITY }),
  };
}

describe('a listing read from its end', () => {
  it('answers every page of every sort, window and filter as the walk from its start does', async () => {
    // The newest video a listed version of the one before it: every browsing listing hides it (ADR 0035).
    const [version, canonical] = sut.db.$client
      .prepare(
        `SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'straight'
         ORDER BY post_date DESC LIMIT 2`,
      )
      .pluck()
      .all() as number[];
    sut.db.$client
      .prepare(
        `INSERT INTO video_versions (video_id, canonical_id, mode, created_at) VALUES (?, ?, 'listed', 0)`,
      )
      .run(version, canonical);
    try {
      const { fromStart, fromEnd, windowIds, snapshot } = listings();
      const [category] = sut.db.$client
        .prepare(
          `SELECT c.dir FROM categories c JOIN video_categories vc ON vc.category_id = c.id
           GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`,
        )
        .pluck()
        .all() as string[];
      const targets: ListingSection[] = [{ section: 'all' }, { section: 'categories', dirs: [category] }];
      let reversedPages = 0;
      for (const sort of SORTS)
        for (const date of DATES)
          for (const target of targets)
            for (const [duration, hdOnly] of [
              [0, false],
              [2, false],
              [0, true],
            ] as [DurationFilter, boolean][]) {
              const q: ListingQuery = {
                gender: 'straight',
                sort,
                date,
                target,
                duration,
                hdOnly,
                count: 7,
                page: 1,
              };
              const first = await fromStart.list(q);
              for (let page = 1; page <= first.pages + 1; page++) {
                const a = await fromStart.list({ ...q, page });
                const name = JSON.stringify({ ...q, page });
                for (const b of [
                  await fromEnd.list({ ...q, page }),
                  await windowIds.list({ ...q, page }),
                  await snapshot.list({ ...q, page }),
                ]) {
                  expect(b.totalCount, name).toBe(a.totalCount);
                  expect(b.pages, name).toBe(a.pages);
                  expect(
                    b.items.map((v) => v.id),
                    name,
                  ).toEqual(a.items.map((v) => v.id));
                }
                if (page > first.pages / 2 && a.items.length) reversedPages++;
              }
            }
      // The filters above are not all empty on the demo site: many pages were read from the end.
      expect(reversedPages).toBeGreaterThan(200);
      // The windows are not empty either: the demo's videos were posted over the last weeks.
      const month = await fromStart.list(MONTH_TOP);
      expect(month.pages).toBeGreaterThan(2);
    } finally {
      sut.db.$client.prepare('DELETE FROM video_versions WHERE video_id = ?').run(version);
    }
  });

  it("drops a window's memoised ids and rows when another node purges the public caches (a takedown)", async () => {
    const layer = sqliteDataLayer(sut.db.$client);
    const here = createPublicCaches({ repo: createCacheEpochRepository(layer) });
    const elsewhere = createPublicCaches({ repo: createCacheEpochRepository(layer) });
    const { windowIds, snapshot } = listings(here);
    await here.sync();
    const q = MONTH_TOP;
    const [first] = (await windowIds.list(q)).items;
    expect(first).toBeDefined();
    expect((await snapshot.list(q)).items[0]?.id).toBe(first!.id);
    // Taken down on another node: its own memos are dropped there, and it bumps the shared epoch.
    sut.db.$client.prepare('UPDATE videos SET status_id = 0 WHERE id = ?').run(first!.id);
    try {
      await elsewhere.purge();
      await here.sync();
      expect((await windowIds.list(q)).items.map((v) => v.id)).not.toContain(first!.id);
      expect((await snapshot.list(q)).items.map((v) => v.id)).not.toContain(first!.id);
    } finally {
      sut.db.$client.prepare('UPDATE videos SET status_id = 1 WHERE id = ?').run(first!.id);
    }
  });
});
