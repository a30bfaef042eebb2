import type { DataLayer } from '@vt/db';
import { contractTargets } from '@vt/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannelsRepository } from '../channels/channels.repository';
import { NO_MODEL_FILTERS } from '../models/model.service';
import { createModelsRepository } from '../models/models.repository';
import { createCategoriesRepository } from './categories.repository';

/**
 * The same rows on each database: two categories (one titled in German), three models, four videos. Rows of
 * one multi-row insert name the same columns: SQLite has no DEFAULT in VALUES, so a column one row leaves
 * out is NULL there.
 */
async function seed(db: DataLayer['db']) {
  await db
    .insertInto('categories')
    .values([
      { id: 1, dir: 'noir' },
      { id: 2, dir: 'musicals' },
    ])
    .execute();
  await db
    .insertInto('category_titles')
    .values([
      { category_id: 1, lang: 'en', title: 'Film noir' },
      { category_id: 1, lang: 'de', title: 'Schwarze Serie' },
    ])
    .execute();
  await db
    .insertInto('listing_facets')
    .values([
      { gender: 'straight', category_id: 2, duration_bucket: 1, is_hd: 0, videos: 5 },
      { gender: 'straight', category_id: 2, duration_bucket: 2, is_hd: 1, videos: 4 },
      { gender: 'straight', category_id: 1, duration_bucket: 1, is_hd: 0, videos: 3 },
      { gender: 'gay', category_id: 1, duration_bucket: 1, is_hd: 0, videos: 50 },
    ])
    .execute();
  const model = (id: number, dir: string, extra: object) => ({
    id,
    dir,
    title: dir.replace('-', ' '),
    alphabet: dir[0]!,
    gender: 'straight' as const,
    created_at: 1000 + id,
    popularity: 0,
    videos_count: 0,
    viewed: 0,
    ...extra,
  });
  await db
    .insertInto('models')
    .values([
      model(1, 'ada-vale', { country: 'fr', race: 'caucasian', popularity: 10, videos_count: 2, viewed: 5 }),
      model(2, 'bea-lund', { country: 'se', race: 'caucasian', popularity: 30, videos_count: 1, viewed: 9 }),
      model(3, 'cleo-marsh', { country: null, race: 'latin', popularity: 20, gender: 'gay' }),
    ])
    .execute();
  await db
    .insertInto('videos')
    .values(
      [1, 2, 3, 4].map((id) => ({
        id,
        dir: `reel-${id}`,
        title: `Reel ${id}`,
        post_date: id,
        added_at: id,
        media_path: id === 2 ? null : `demo/clip-${id}`,
        status_id: id === 3 ? 2 : 1,
      })),
    )
    .execute();
  await db
    .insertInto('video_models')
    .values([1, 2, 3, 4].map((video_id) => ({ video_id, model_id: 1 })))
    .execute();
  await db
    .insertInto('channels')
    .values({ id: 1, dir: 'studio-one', title: 'Studio One', subscribers_count: 4 })
    .execute();
  await db
    .insertInto('search_keywords')
    .values(['noir', 'reel', 'studio'].map((keyword, i) => ({ keyword, searches: i, updated_at: 1 })))
    .execute();
  await db
    .insertInto('video_country_views')
    .values([
      { country: 'fr', video_id: 1, gender: 'straight', views: 2 },
      { country: 'de', video_id: 1, gender: 'straight', views: 1 },
      { country: 'fr', video_id: 4, gender: 'straight', views: 1 },
    ])
    .execute();
}

for (const target of contractTargets()) {
  describe.skipIf(target.skip)(`catalogue repositories on ${target.name}`, () => {
    let layer: DataLayer;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ layer, close } = await target.open());
      await seed(layer.db);
    });
    afterAll(() => close?.());

    it('lists categories by their listed videos, titled in the language, else English, else the dir', async () => {
      const categories = createCategoriesRepository(layer);
      expect(await categories.videoTotals('straight', 'de')).toEqual([
        { id: 2, dir: 'musicals', title: 'musicals', totalVideos: 9 },
        { id: 1, dir: 'noir', title: 'Schwarze Serie', totalVideos: 3 },
      ]);
      expect(await categories.videoTotals('shemale', 'fr')).toEqual([
        { id: 1, dir: 'noir', title: 'Film noir', totalVideos: 0 },
        { id: 2, dir: 'musicals', title: 'musicals', totalVideos: 0 },
      ]);
      expect(await categories.albumTotals('straight', 'en')).toEqual([
        { id: 1, dir: 'noir', title: 'Film noir', totalVideos: 0 },
        { id: 2, dir: 'musicals', title: 'musicals', totalVideos: 0 },
      ]);
      expect(await categories.titled(['noir', 'nope'], 'de')).toEqual([
        { dir: 'noir', title: 'Schwarze Serie' },
      ]);
      expect(await categories.titled([], 'de')).toEqual([]);
      expect(await categories.allDirs()).toEqual(['noir', 'musicals']);
    });

    it('draws keywords from the most searched, and lists the countries views came from', async () => {
      const categories = createCategoriesRepository(layer);
      expect((await categories.keywordCloud(10)).sort()).toEqual(['noir', 'reel', 'studio']);
      expect(await categories.keywordCloud(2)).toHaveLength(2);
      expect(await categories.viewCountries()).toEqual(['de', 'fr']);
    });

    it('counts, filters, sorts and pages models', async () => {
      const models = createModelsRepository(layer);
      const straight = { gender: 'straight' as const, filters: NO_MODEL_FILTERS };
      expect(await models.count(straight)).toBe(2);
      expect(await models.count({ ...straight, filters: { ...NO_MODEL_FILTERS, country: 'se' } })).toBe(1);
      expect(await models.count({ ...straight, filters: { ...NO_MODEL_FILTERS, race: 'latin' } })).toBe(0);
      const page = (sort: 'most-popular' | 'alphabet' | 'count-videos', offset = 0) =>
        models.page({ ...straight, sort, limit: 1, offset }).then((rows) => rows.map((r) => r.dir));
      expect(await page('most-popular')).toEqual(['bea-lund']);
      expect(await page('most-popular', 1)).toEqual(['ada-vale']);
      expect(await page('alphabet')).toEqual(['ada-vale']);
      expect(await page('count-videos')).toEqual(['ada-vale']);
      expect(await models.top('straight', 5)).toEqual([
        { dir: 'bea-lund', title: 'bea lund', totalVideos: 1 },
        { dir: 'ada-vale', title: 'ada vale', totalVideos: 2 },
      ]);
      expect(await models.countries('straight')).toEqual(['fr', 'se']);
      expect(await models.countries('gay')).toEqual([]);
    });

    it('reads a model by dir with the media of its newest listed videos', async () => {
      const models = createModelsRepository(layer);
      expect(await models.byDir('ada-vale')).toMatchObject({
        id: 1,
        title: 'ada vale',
        race: 'caucasian',
        albums_count: 0,
      });
      expect(await models.byDir('nobody')).toBeUndefined();
      // Video 3 is not listed and video 2 has no media.
      expect(await models.latestVideoMedia(1, 4)).toEqual(['demo/clip-4', 'demo/clip-1']);
      expect(await models.latestVideoMedia(1, 1)).toEqual(['demo/clip-4']);
    });

    it('reads a channel by dir', async () => {
      const channels = createChannelsRepository(layer);
      expect(await channels.byDir('studio-one')).toEqual({
        id: 1,
        dir: 'studio-one',
        title: 'Studio One',
        subscribers_count: 4,
      });
      expect(await channels.byDir('none')).toBeUndefined();
    });
  });
}
