import { dayNumber, migrateDb, monthOf, openDb, rollupViewCounters, sqliteDataLayer } from '@vt/db';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onBothDatabases } from '../shared/stats-test-databases';
import { createViewStats } from './view-stats.service';
import { createViewsRepository, type ViewBatch } from './views.repository';

const NOW = 1_700_000_000;
const TODAY = dayNumber(NOW);

const batch = (
  videos: Record<number, { countries?: Record<string, number>; members?: number[] }>,
  albums: Record<number, number> = {},
): ViewBatch => ({
  videos: new Map(
    Object.entries(videos).map(([id, v]) => [
      Number(id),
      { byCountry: new Map(Object.entries(v.countries ?? {})), members: new Set(v.members ?? []) },
    ]),
  ),
  albums: new Map(Object.entries(albums).map(([id, n]) => [Number(id), n])),
});

/** Every view lets the visitor through (the view window is the rate limits' own contract). */
const everyView = { firstView: async () => true } as never;

onBothDatabases('the view counters', (database) => {
  /** Two public videos (1 straight, 2 gay), one pending (3), a public album (1) and a pending one (2), two members. */
  async function seed() {
    const { db } = database().layer;
    await db
      .insertInto('members')
      .values([1, 2].map((id) => ({ id, name: `m${id}`, email: `m${id}@example.test`, created_at: NOW })))
      .execute();
    await db
      .insertInto('videos')
      .values(
        (
          [
            [1, 1, 'straight'],
            [2, 1, 'gay'],
            [3, 2, 'straight'],
          ] as const
        ).map(([id, status, gender]) => ({
          id,
          dir: `v${id}`,
          title: `Video ${id}`,
          status_id: status,
          gender,
          post_date: NOW,
          added_at: NOW,
        })),
      )
      .execute();
    await db
      .insertInto('albums')
      .values(
        [1, 2].map((id) => ({
          id,
          dir: `a${id}`,
          title: `Album ${id}`,
          status_id: id,
          post_date: NOW,
          added_at: NOW,
        })),
      )
      .execute();
    return createViewsRepository(database().layer);
  }

  const video = (id: number) =>
    database()
      .layer.db.selectFrom('videos')
      .select(['video_viewed', 'views_day', 'views_week', 'views_month', 'popularity'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const daily = () =>
    database()
      .layer.db.selectFrom('video_views_daily')
      .selectAll()
      .orderBy('video_id')
      .orderBy('day')
      .orderBy('country')
      .execute();
  const byCountry = () =>
    database()
      .layer.db.selectFrom('video_country_views')
      .selectAll()
      .orderBy('country')
      .orderBy('video_id')
      .execute();

  it('tells public videos and albums from the rest', async () => {
    const repo = await seed();
    expect(await repo.videoIsPublic(1)).toBe(true);
    expect(await repo.videoIsPublic(3)).toBe(false);
    expect(await repo.videoIsPublic(99)).toBe(false);
    expect(await repo.albumIsPublic(1)).toBe(true);
    expect(await repo.albumIsPublic(2)).toBe(false);
  });

  it('adds a batch to every counter, the daily and country counters and the watch history', async () => {
    const repo = await seed();
    await repo.addBatch(
      batch(
        { 1: { countries: { de: 2, xx: 1 }, members: [2, 1] }, 3: { countries: { de: 5 }, members: [1] } },
        { 1: 3, 2: 4 },
      ),
      NOW,
      TODAY,
      'xx',
    );
    await repo.addBatch(batch({ 1: { countries: { de: 1, fr: 1 }, members: [1] } }), NOW + 60, TODAY, 'xx');
    expect(await video(1)).toEqual({
      video_viewed: 5,
      views_day: 5,
      views_week: 5,
      views_month: 5,
      popularity: 35,
    });
    // Not public: nothing counted, no history.
    expect(await video(3)).toMatchObject({ video_viewed: 0, popularity: 0 });
    expect(await daily()).toEqual([
      { video_id: 1, day: TODAY, country: 'de', views: 3 },
      { video_id: 1, day: TODAY, country: 'fr', views: 1 },
      { video_id: 1, day: TODAY, country: 'xx', views: 1 },
    ]);
    expect(await byCountry()).toEqual([
      { country: 'de', video_id: 1, gender: 'straight', views: 3 },
      { country: 'fr', video_id: 1, gender: 'straight', views: 1 },
    ]);
    const { db } = database().layer;
    expect(await db.selectFrom('watch_history').selectAll().orderBy('member_id').execute()).toEqual([
      { member_id: 1, video_id: 1, viewed_at: NOW + 60 },
      { member_id: 2, video_id: 1, viewed_at: NOW },
    ]);
    expect(await db.selectFrom('albums').select(['id', 'album_viewed']).orderBy('id').execute()).toEqual([
      { id: 1, album_viewed: 3 },
      { id: 2, album_viewed: 0 },
    ]);
  });

  it('rolls the daily counters up into the period counters, popularity and the 90-day country ranking', async () => {
    const repo = await seed();
    const { db } = database().layer;
    await db
      .insertInto('video_views_daily')
      .values([
        { video_id: 1, day: TODAY, country: 'de', views: 2 },
        { video_id: 1, day: TODAY - 3, country: 'de', views: 3 },
        { video_id: 1, day: TODAY - 20, country: 'fr', views: 5 },
        { video_id: 1, day: TODAY - 60, country: 'fr', views: 7 },
        { video_id: 1, day: TODAY - 200, country: 'fr', views: 11 },
        { video_id: 1, day: TODAY - 400, country: 'de', views: 13 },
        { video_id: 2, day: TODAY - 1, country: 'xx', views: 4 },
        { video_id: 2, day: TODAY - 1, country: 'de', views: 1 },
      ])
      .execute();
    // A month-old counter with nothing left in the window falls back to 0.
    await db.updateTable('videos').set({ views_month: 9 }).where('id', '=', 3).execute();
    await repo.rollup(TODAY);
    expect(await video(1)).toMatchObject({
      views_day: 2,
      views_week: 5,
      views_month: 10,
      popularity: 8 + 10 + 10,
    });
    expect(await video(2)).toMatchObject({ views_day: 0, views_week: 5, views_month: 5, popularity: 15 });
    expect(await video(3)).toMatchObject({ views_month: 0, popularity: 0 });
    expect(await byCountry()).toEqual([
      { country: 'de', video_id: 1, gender: 'straight', views: 5 },
      { country: 'de', video_id: 2, gender: 'gay', views: 1 },
      { country: 'fr', video_id: 1, gender: 'straight', views: 12 },
    ]);
    // Counters older than 400 days are dropped.
    expect((await daily()).map((r) => r.day)).not.toContain(TODAY - 400);
    expect(await daily()).toHaveLength(7);
  });

  it('batched view writes from many nodes add up', async () => {
    await seed();
    const clock = { now: () => NOW };
    const nodes = [database().layer, database().connect(), database().connect()].map((layer) =>
      createViewStats({ repo: createViewsRepository(layer), clock, limits: everyView }),
    );
    const visitor = (n: number) => ({ ip: `10.0.0.${n}`, id: null, memberId: null });
    for (let round = 0; round < 5; round++) {
      for (const [i, node] of nodes.entries())
        for (let v = 0; v < 4; v++) {
          await node.record(1, { country: ['de', 'fr'][v % 2]!, nogeo: false, visitor: visitor(v) });
          await node.record(2, { country: 'de', nogeo: i === 0, visitor: visitor(v) });
        }
      // PostgreSQL: at the same moment. SQLite: one after another, as the file lock makes separate processes
      // wait; in this one process a connection waiting for the lock would block the one holding it.
      if (database().layer.dialect === 'postgres') await Promise.all(nodes.map((n) => n.flush()));
      else for (const n of nodes) await n.flush();
    }
    expect(await video(1)).toMatchObject({ video_viewed: 60, views_day: 60, popularity: 420 });
    expect(await video(2)).toMatchObject({ video_viewed: 60 });
    expect(await daily()).toEqual([
      { video_id: 1, day: TODAY, country: 'de', views: 30 },
      { video_id: 1, day: TODAY, country: 'fr', views: 30 },
      { video_id: 2, day: TODAY, country: 'de', views: 40 },
      { video_id: 2, day: TODAY, country: 'xx', views: 20 },
    ]);
    expect(nodes.map((n) => n.pendingCount)).toEqual([0, 0, 0]);
  });

  it('a flush the database refuses keeps its counts for the next one', async () => {
    const repo = await seed();
    let refuse = true;
    const flaky = {
      ...repo,
      addBatch: (...args: Parameters<typeof repo.addBatch>) =>
        refuse ? Promise.reject(new Error('database away')) : repo.addBatch(...args),
    };
    const views = createViewStats({ repo: flaky, clock: { now: () => NOW }, limits: everyView });
    await views.record(1, { country: 'de', nogeo: false, visitor: { ip: 'a', id: null, memberId: 1 } });
    await expect(views.flush()).rejects.toThrow('database away');
    await views.record(1, { country: 'de', nogeo: false, visitor: { ip: 'b', id: null, memberId: null } });
    refuse = false;
    expect(await views.flush()).toBe(1);
    expect(await video(1)).toMatchObject({ video_viewed: 2 });
  });

  it("buckets a Unix time into its UTC month (the transparency report's bucket)", async () => {
    const { db, dialect } = database().layer;
    const row = await db
      .selectNoFrom([
        monthOf(sql.lit(1_700_000_000), dialect).as('nov'),
        monthOf(sql.lit(1_704_067_199), dialect).as('dec'),
        monthOf(sql.lit(1_704_067_200), dialect).as('jan'),
      ])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ nov: '2023-11', dec: '2023-12', jan: '2024-01' });
  });
});

describe('the demo seed rolls up with the same statements', () => {
  it('runs them synchronously on a SQLite connection', async () => {
    const handle = openDb(':memory:');
    await migrateDb(handle);
    const sqlite = handle.$client;
    const { db } = sqliteDataLayer(sqlite);
    await db
      .insertInto('videos')
      .values({
        id: 1,
        dir: 'v1',
        title: 'V',
        status_id: 1,
        gender: 'straight',
        post_date: NOW,
        added_at: NOW,
      })
      .execute();
    await db
      .insertInto('video_views_daily')
      .values({ video_id: 1, day: TODAY, country: 'nz', views: 4 })
      .execute();
    rollupViewCounters(sqlite, TODAY);
    expect(
      await db
        .selectFrom('videos')
        .select(['views_day', 'popularity'])
        .where('id', '=', 1)
        .executeTakeFirst(),
    ).toEqual({ views_day: 4, popularity: 28 });
    expect(await db.selectFrom('video_country_views').select('views').executeTakeFirst()).toEqual({
      views: 4,
    });
    sqlite.close();
  });
});
