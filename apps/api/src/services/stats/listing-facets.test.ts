import { rebuildListingFacets } from '@vt/db';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { onBothDatabases, seed } from '../screening/contract-test-db';
import { createViewsRepository } from './views.repository';

onBothDatabases("the stats job's listing totals", (data) => {
  /** Listed videos in categories 1, 62 (the mask's top bit: no JS number holds it) and 70 (join table only). */
  async function videos() {
    const { db } = data();
    const s = seed(data());
    const top = 2n ** 62n + 2n;
    const a = await s.video({ gender: 'straight', duration_bucket: 1, is_hd: 1, category_mask: 2 });
    // The mask set exactly (a JS number rounds 2^62 + 2).
    await db
      .updateTable('videos')
      .set({ category_mask: sql<number>`cast(${top.toString()} as bigint)` })
      .where('id', '=', a)
      .execute();
    await s.video({ gender: 'straight', duration_bucket: 1, is_hd: 1, category_mask: 2 });
    const c = await s.video({ gender: 'gay', duration_bucket: 2, is_hd: 0 });
    await s.video({ gender: 'gay', duration_bucket: 2, is_hd: 0, is_private: 1, category_mask: 2 });
    await s.video({ gender: 'gay', duration_bucket: 2, is_hd: 0, status_id: 2, category_mask: 2 });
    const cat = await db
      .insertInto('categories')
      .values({ id: 70, dir: 'c70' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('video_categories').values({ video_id: c, category_id: cat.id }).execute();
    await db
      .insertInto('listing_facets')
      .values({ gender: 'shemale', category_id: 5, duration_bucket: 1, is_hd: 0, videos: 9 })
      .execute();
  }
  const facets = () =>
    data()
      .db.selectFrom('listing_facets')
      .selectAll()
      .orderBy(['gender', 'category_id', 'duration_bucket', 'is_hd'])
      .execute();
  const expected = [
    { gender: 'gay', category_id: 0, duration_bucket: 2, is_hd: 0, videos: 1 },
    { gender: 'gay', category_id: 70, duration_bucket: 2, is_hd: 0, videos: 1 },
    { gender: 'straight', category_id: 0, duration_bucket: 1, is_hd: 1, videos: 2 },
    { gender: 'straight', category_id: 1, duration_bucket: 1, is_hd: 1, videos: 2 },
    { gender: 'straight', category_id: 62, duration_bucket: 1, is_hd: 1, videos: 1 },
  ];

  it('counts listed videos per orientation, category, duration and HD, replacing the old totals', async () => {
    await videos();
    await createViewsRepository(data()).rebuildListingFacets();
    expect(await facets()).toEqual(expected);
  });

  it('counts the same synchronously on a SQLite connection (the demo seed)', async () => {
    const layer = data();
    if (layer.dialect !== 'sqlite') return;
    await videos();
    rebuildListingFacets(layer.sqlite);
    expect(await facets()).toEqual(expected);
  });
});
