import type Database from 'better-sqlite3';
import { type Compilable, type Kysely, sql } from 'kysely';
import type { Database as Schema } from '../kysely/database';
import type { DialectName } from '../kysely/dialect/dialect';
import { inIdList } from '../kysely/dialect/listing-id-list';
import { sqliteDataLayer } from '../kysely/open';
import { runOnSqlite } from '../kysely/sync-sqlite';

/** Facet rows per INSERT of a rebuild (5 parameters each). */
const FACET_BATCH = 500;

type FacetRow = Schema['listing_facets'];

/**
 * What listing_facets is counted from, the same on both databases: listed videos grouped by category_mask
 * (categories 1–62, one pass over a covering index; the mask read as text, since a 64-bit mask is no JS
 * number), and the higher category ids, which live only in the join table.
 */
function facetSources(db: Kysely<Schema>) {
  return {
    groups: db
      .selectFrom('videos as v')
      .select((eb) => [
        'v.gender',
        'v.duration_bucket as db',
        'v.is_hd as hd',
        sql<string>`cast(v.category_mask as text)`.as('mask'),
        eb.fn.countAll<number>().as('n'),
      ])
      .where('v.status_id', '=', 1)
      .where('v.is_private', '=', 0)
      .groupBy(['v.gender', 'v.duration_bucket', 'v.is_hd', 'v.category_mask']),
    high: db
      .selectFrom('video_categories as vc')
      .innerJoin('videos as v', 'v.id', 'vc.video_id')
      .select((eb) => [
        'v.gender',
        'vc.category_id as cat',
        'v.duration_bucket as db',
        'v.is_hd as hd',
        eb.fn.countAll<number>().as('n'),
      ])
      .where('vc.category_id', '>=', 63)
      .where('v.status_id', '=', 1)
      .where('v.is_private', '=', 0)
      .groupBy(['v.gender', 'vc.category_id', 'v.duration_bucket', 'v.is_hd']),
  };
}

type Sources = ReturnType<typeof facetSources>;
type RowsOf<K extends keyof Sources> = Awaited<ReturnType<Sources[K]['execute']>>;

/** The facet totals: every (orientation, category or 0 for all, duration bucket, HD) with its listed videos. */
function facetTotals(groups: RowsOf<'groups'>, high: RowsOf<'high'>): FacetRow[] {
  const totals = new Map<string, FacetRow>();
  const add = (gender: string, cat: number, db: number, hd: number, n: number) => {
    const key = `${gender}|${cat}|${db}|${hd}`;
    const row = totals.get(key);
    if (row) row.videos += n;
    else totals.set(key, { gender, category_id: cat, duration_bucket: db, is_hd: hd, videos: n });
  };
  for (const g of groups) {
    const [db, hd, n, mask] = [Number(g.db), Number(g.hd), Number(g.n), BigInt(g.mask)];
    add(g.gender, 0, db, hd, n);
    for (let bit = 1; bit < 63; bit++) if ((mask >> BigInt(bit)) & 1n) add(g.gender, bit, db, hd, n);
  }
  for (const h of high) add(h.gender, Number(h.cat), Number(h.db), Number(h.hd), Number(h.n));
  return [...totals.values()];
}

/** The statements that replace listing_facets with these totals; run them in one transaction. */
function replaceFacets(db: Kysely<Schema>, rows: FacetRow[]): Compilable[] {
  const statements: Compilable[] = [db.deleteFrom('listing_facets')];
  for (let i = 0; i < rows.length; i += FACET_BATCH)
    statements.push(db.insertInto('listing_facets').values(rows.slice(i, i + FACET_BATCH)));
  return statements;
}

/** Rebuilds listing_facets on a data layer (SQLite or PostgreSQL): the stats job's listing totals. */
export async function rebuildListingFacetsIn(db: Kysely<Schema>): Promise<void> {
  const sources = facetSources(db);
  const rows = facetTotals(await sources.groups.execute(), await sources.high.execute());
  await db.transaction().execute(async (trx) => {
    for (const statement of replaceFacets(trx, rows)) await trx.executeQuery(statement.compile());
  });
}

/** The same rebuild, synchronously on a SQLite connection (the demo seed, which runs without the data layer). */
export function rebuildListingFacets(sqlite: Database.Database): void {
  const { db } = sqliteDataLayer(sqlite);
  const sources = facetSources(db);
  const rows = facetTotals(runOnSqlite(sqlite, sources.groups).rows, runOnSqlite(sqlite, sources.high).rows);
  sqlite.transaction(() => {
    for (const statement of replaceFacets(db, rows)) runOnSqlite(sqlite, statement);
  })();
}

/**
 * Moves these videos into (+1) or out of (-1) the facet totals, inside a caller's Kysely transaction (`trx`),
 * on either database: the listing totals and every category count read listing_facets, so a publish or
 * takedown shows at once, not at the next stats rollup. Call it only for videos whose listed state really
 * changed. The floor at 0 is a CASE, as PostgreSQL has no two-argument max.
 */
export async function moveListingFacets(
  trx: Kysely<Schema>,
  dialect: DialectName,
  videoIds: readonly number[],
  delta: 1 | -1,
): Promise<void> {
  if (videoIds.length === 0) return;
  const ids = inIdList(dialect, 'v.id', videoIds);
  await sql`INSERT INTO listing_facets (gender, category_id, duration_bucket, is_hd, videos)
    SELECT gender, cat, db, hd, ${sql.lit(delta)} * count(*) FROM (
      SELECT v.gender, 0 AS cat, v.duration_bucket AS db, v.is_hd AS hd FROM videos v WHERE ${ids}
      UNION ALL
      SELECT v.gender, vc.category_id, v.duration_bucket, v.is_hd FROM videos v
        JOIN video_categories vc ON vc.video_id = v.id WHERE ${ids}) moved
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (gender, category_id, duration_bucket, is_hd) DO UPDATE SET videos =
      CASE WHEN listing_facets.videos + excluded.videos < 0 THEN 0 ELSE listing_facets.videos + excluded.videos END`.execute(
    trx,
  );
}
