import { type DataLayer, rebuildListingFacetsIn, rollupViewStatements } from '@vt/db';

/** One flush of counted views: per video its views by country and the members who watched it. */
export interface ViewBatch {
  videos: Map<number, { byCountry: Map<string, number>; members: Set<number> }>;
  albums: Map<number, number>;
}

const ascending = <T>(keys: Iterable<T>) => [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * All SQL of the view counters (ADR 0041), on SQLite or PostgreSQL: the batched writes to videos' and
 * albums' counters, the daily and per-country counters and the watch history, and the stats job's rollup.
 */
export function createViewsRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const isPublic = async (table: 'videos' | 'albums', id: number): Promise<boolean> =>
    !!(await db
      .selectFrom(table)
      .select('id')
      .where('id', '=', id)
      .where('status_id', '=', 1)
      .executeTakeFirst());

  return {
    videoIsPublic: (id: number) => isPublic('videos', id),
    albumIsPublic: (id: number) => isPublic('albums', id),

    /**
     * Adds one batch in one transaction: every counter or none. Rows are written in one order (albums, then
     * videos by id, countries and members sorted), so concurrent flushes from several nodes wait on each other
     * row by row and never deadlock on PostgreSQL. Counters only grow by the batch (`views + n`), so
     * batches from many nodes add up. A video no longer public counts nothing.
     */
    async addBatch(batch: ViewBatch, now: number, day: number, unknownCountry: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const id of ascending(batch.albums.keys()))
          await trx
            .updateTable('albums')
            .set((eb) => ({ album_viewed: eb('album_viewed', '+', batch.albums.get(id)!) }))
            .where('id', '=', id)
            .where('status_id', '=', 1)
            .execute();
        for (const id of ascending(batch.videos.keys())) {
          const v = batch.videos.get(id)!;
          const countries = ascending(v.byCountry.keys());
          let n = 0;
          for (const c of countries) n += v.byCountry.get(c)!;
          const bumped = await trx
            .updateTable('videos')
            .set((eb) => ({
              video_viewed: eb('video_viewed', '+', n),
              views_day: eb('views_day', '+', n),
              views_week: eb('views_week', '+', n),
              views_month: eb('views_month', '+', n),
              popularity: eb('popularity', '+', 7 * n),
            }))
            .where('id', '=', id)
            .where('status_id', '=', 1)
            .executeTakeFirst();
          if (Number(bumped.numUpdatedRows) === 0) continue;
          for (const country of countries) {
            const views = v.byCountry.get(country)!;
            await trx
              .insertInto('video_views_daily')
              .values({ video_id: id, day, country, views })
              .onConflict((oc) =>
                oc.columns(['video_id', 'day', 'country']).doUpdateSet((eb) => ({
                  views: eb('video_views_daily.views', '+', eb.ref('excluded.views')),
                })),
              )
              .execute();
            if (country === unknownCountry) continue;
            await trx
              .insertInto('video_country_views')
              .columns(['country', 'video_id', 'gender', 'views'])
              .expression((eb) =>
                eb
                  .selectFrom('videos')
                  // Typed parameters: PostgreSQL would read a bare parameter in a select list as text.
                  .select((s) => [
                    s.cast(s.val(country), 'text').as('country'),
                    'id',
                    'gender',
                    s.cast(s.val(views), 'integer').as('views'),
                  ])
                  .where('id', '=', id),
              )
              .onConflict((oc) =>
                oc.columns(['country', 'video_id']).doUpdateSet((eb) => ({
                  views: eb('video_country_views.views', '+', eb.ref('excluded.views')),
                })),
              )
              .execute();
          }
          for (const member of ascending(v.members))
            await trx
              .insertInto('watch_history')
              .values({ member_id: member, video_id: id, viewed_at: now })
              .onConflict((oc) =>
                oc
                  .columns(['member_id', 'video_id'])
                  .doUpdateSet((eb) => ({ viewed_at: eb.ref('excluded.viewed_at') })),
              )
              .execute();
        }
      });
    },

    /** The stats job: period counters, popularity and the per-country ranking from the daily counters. */
    async rollup(today: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const statement of rollupViewStatements(trx, today)) await trx.executeQuery(statement.compile());
      });
    },

    /** The stats job's listing totals: listing_facets counted again from the listed videos, atomically. */
    rebuildListingFacets: () => rebuildListingFacetsIn(db),

    /** Whether the listing totals were ever counted (a copied or imported database has none yet). */
    async hasListingFacets(): Promise<boolean> {
      return !!(await db.selectFrom('listing_facets').select('gender').limit(1).executeTakeFirst());
    },
  };
}

export type ViewsRepository = ReturnType<typeof createViewsRepository>;
