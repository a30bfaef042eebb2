import { sqliteDataLayer } from '@vt/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaUrls } from '../../apps/api/src/services/media/media-urls.service';
import { systemClock } from '../../apps/api/src/services/shared/clock';
import {
  createListingRepository,
  type ListingFilter,
} from '../../apps/api/src/services/videos/listing.repository';
import type { ListingQuery } from '../../apps/api/src/services/videos/video.dto';
import { createVideoListing } from '../../apps/api/src/services/videos/video-listing.service';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * A model's listing without filters takes its total from the model's maintained count (ADR 0024) instead
 * of counting the model's links, which took 30-100 ms for the largest models of 1,000,000 videos; a
 * filtered one still counts. count-consistency.test.ts checks the count against the pages listed.
 */

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 300 });
});
afterAll(() => sut.close());

function listingCounting() {
  const repository = createListingRepository(sqliteDataLayer(sut.db.$client));
  const counted: ListingFilter[] = [];
  const paths: string[] = [];
  const urls = createMediaUrls({
    secret: sut.config.mediaSecret,
    ttlSeconds: sut.config.mediaUrlTtl,
    clock: systemClock,
    scheme: sut.config.mediaSignature,
  });
  const listing = createVideoListing({
    repository: {
      ...repository,
      count: (f) => {
        counted.push(f);
        return repository.count(f);
      },
      pageThumbs: (f, page) => {
        paths.push(page.models);
        return repository.pageThumbs(f, page);
      },
    },
    urls,
    clock: systemClock,
  });
  return { listing, counted, paths };
}

describe("a model's listing total", () => {
  it('is the maintained count without filters, and counted with one', async () => {
    const model = sut.db.$client
      .prepare('SELECT dir, gender, videos_count FROM models ORDER BY videos_count DESC LIMIT 1')
      .get() as { dir: string; gender: string; videos_count: number };
    expect(model.videos_count).toBeGreaterThan(1);
    const { listing, counted } = listingCounting();
    const query: ListingQuery = {
      gender: 'straight',
      sort: 'most-viewed',
      date: 'week',
      target: { section: 'models', dir: model.dir },
      duration: 0,
      hdOnly: false,
      count: 1,
      page: 1,
    };
    const unfiltered = await listing.list(query);
    expect(unfiltered.totalCount).toBe(model.videos_count);
    expect(unfiltered.items).toHaveLength(1);
    expect(counted).toEqual([]);

    const hd = await listing.list({ ...query, hdOnly: true });
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatchObject({ gender: model.gender, hdOnly: true });
    expect(hd.totalCount).toBeLessThanOrEqual(model.videos_count);
  });

  it("is read along the sort index while that walk is shorter than the model's own list", async () => {
    const db = sut.db.$client;
    const model = db
      .prepare('SELECT dir, gender, videos_count FROM models ORDER BY videos_count DESC LIMIT 1')
      .get() as { dir: string; gender: 'straight'; videos_count: number };
    const { n: listed } = db
      .prepare('SELECT count(*) AS n FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = ?')
      .get(model.gender) as { n: number };
    // One video a page: the walk to page p reads about p x listed / total entries.
    const shortWalk = Math.floor((model.videos_count * model.videos_count) / listed);
    expect(shortWalk).toBeGreaterThan(1);
    const { listing, paths } = listingCounting();
    const page = (p: number, count: number) =>
      listing.list({
        gender: model.gender,
        sort: 'latest-updates',
        date: 'all',
        target: { section: 'models', dir: model.dir },
        duration: 0,
        hdOnly: false,
        count,
        page: p,
      });
    const all = (await page(1, model.videos_count)).items.map((v) => v.id);
    expect(all).toHaveLength(model.videos_count);
    for (const p of [1, shortWalk, shortWalk + 1, model.videos_count])
      expect((await page(p, 1)).items.map((v) => v.id)).toEqual([all[p - 1]]);
    expect(paths).toEqual(['links', 'exists', 'exists', 'links', 'links']);
  });

  it('of a model that does not exist is counted (nothing)', async () => {
    const { listing, counted } = listingCounting();
    const none = await listing.list({
      gender: 'gay',
      sort: 'latest-updates',
      date: 'all',
      target: { section: 'models', dir: 'nobody-by-this-name' },
      duration: 0,
      hdOnly: false,
      count: 10,
      page: 1,
    });
    expect(none).toMatchObject({ totalCount: 0, items: [] });
    expect(counted).toHaveLength(1);
  });
});
