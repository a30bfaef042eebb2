import type Database from 'better-sqlite3';

const LISTED = 'v.status_id = 1 AND v.is_private = 0';

/**
 * Rebuilds listing_facets. Categories 1–62 are counted from category_mask groups (one pass over a
 * covering index); higher category ids, which live only in the join table, are counted through it.
 */
export function rebuildListingFacets(sqlite: Database.Database): void {
  const totals = new Map<string, number>();
  const add = (gender: string, cat: number, db: number, hd: number, n: number) => {
    const key = `${gender}|${cat}|${db}|${hd}`;
    totals.set(key, (totals.get(key) ?? 0) + n);
  };
  const groups = sqlite
    .prepare(
      `SELECT v.gender, v.duration_bucket AS db, v.is_hd AS hd, v.category_mask AS mask, count(*) AS n
       FROM videos v WHERE ${LISTED} GROUP BY 1, 2, 3, 4`,
    )
    .safeIntegers(true)
    .all() as { gender: string; db: bigint; hd: bigint; mask: bigint; n: bigint }[];
  for (const g of groups) {
    const [db, hd, n] = [Number(g.db), Number(g.hd), Number(g.n)];
    add(g.gender, 0, db, hd, n);
    for (let bit = 1; bit < 63; bit++) if ((g.mask >> BigInt(bit)) & 1n) add(g.gender, bit, db, hd, n);
  }
  const high = sqlite
    .prepare(
      `SELECT v.gender, vc.category_id AS cat, v.duration_bucket AS db, v.is_hd AS hd, count(*) AS n
       FROM video_categories vc JOIN videos v ON v.id = vc.video_id
       WHERE vc.category_id >= 63 AND ${LISTED} GROUP BY 1, 2, 3, 4`,
    )
    .all() as { gender: string; cat: number; db: number; hd: number; n: number }[];
  for (const h of high) add(h.gender, h.cat, h.db, h.hd, h.n);

  const insert = sqlite.prepare(
    'INSERT INTO listing_facets (gender, category_id, duration_bucket, is_hd, videos) VALUES (?, ?, ?, ?, ?)',
  );
  sqlite.transaction(() => {
    sqlite.prepare('DELETE FROM listing_facets').run();
    for (const [key, n] of totals) {
      const [gender, cat, db, hd] = key.split('|');
      insert.run(gender, Number(cat), Number(db), Number(hd), n);
    }
  })();
}

/**
 * Moves these videos into (+1) or out of (-1) the facet totals, in the caller's transaction: the listing
 * totals and every category count read listing_facets, so a publish or takedown shows at once, not at the
 * next stats rollup. Call it only for videos whose listed state really changed.
 */
export function adjustListingFacets(
  sqlite: Database.Database,
  videoIds: readonly number[],
  delta: 1 | -1,
): void {
  if (videoIds.length === 0) return;
  sqlite
    .prepare(
      `INSERT INTO listing_facets (gender, category_id, duration_bucket, is_hd, videos)
       SELECT gender, cat, db, hd, ? * count(*) FROM (
         SELECT v.gender, 0 AS cat, v.duration_bucket AS db, v.is_hd AS hd FROM videos v
           WHERE v.id IN (SELECT value FROM json_each(?))
         UNION ALL
         SELECT v.gender, vc.category_id, v.duration_bucket, v.is_hd FROM videos v
           JOIN video_categories vc ON vc.video_id = v.id WHERE v.id IN (SELECT value FROM json_each(?)))
       GROUP BY 1, 2, 3, 4
       ON CONFLICT (gender, category_id, duration_bucket, is_hd) DO UPDATE SET videos = max(0, videos + excluded.videos)`,
    )
    .run(delta, JSON.stringify(videoIds), JSON.stringify(videoIds));
}
