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
    },
    urls,
    clock: systemClock,
  });
  return { listing, counted };
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
