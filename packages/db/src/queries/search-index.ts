import type Database from 'better-sqlite3';

// A document per listed video: its title, description, model names and category titles in every language.
const DOCUMENT = `
  SELECT v.id, v.title, v.description,
    coalesce((SELECT group_concat(m.title, ' ') FROM video_models vm JOIN models m ON m.id = vm.model_id
      WHERE vm.video_id = v.id), '') AS models,
    coalesce((SELECT group_concat(DISTINCT ct.title) FROM video_categories vc
      JOIN category_titles ct ON ct.category_id = vc.category_id WHERE vc.video_id = v.id), '') AS categories,
    v.gender
  FROM videos v WHERE v.status_id = 1 AND v.is_private = 0`;

/** Re-indexes these videos: listed ones get their current document, the others leave the index. */
export function indexVideos(sqlite: Database.Database, ids: readonly number[]): void {
  if (ids.length === 0) return;
  const list = ids.map(Number).filter(Number.isInteger).join(',');
  sqlite.transaction(() => {
    sqlite.exec(`DELETE FROM videos_fts WHERE rowid IN (${list})`);
    sqlite.exec(
      `INSERT INTO videos_fts (rowid, title, description, models, categories, gender)
       SELECT * FROM (${DOCUMENT} AND v.id IN (${list}))`,
    );
  })();
}

export function removeFromIndex(sqlite: Database.Database, ids: readonly number[]): void {
  if (ids.length === 0) return;
  sqlite.exec(
    `DELETE FROM videos_fts WHERE rowid IN (${ids.map(Number).filter(Number.isInteger).join(',')})`,
  );
}

/** Rebuilds the whole index in id ranges, reporting progress; safe to re-run. */
export function rebuildSearchIndex(
  sqlite: Database.Database,
  onProgress: (done: number, total: number) => void = () => {},
  batch = 20_000,
): number {
  const { lo, hi } = sqlite.prepare('SELECT min(id) AS lo, max(id) AS hi FROM videos').get() as {
    lo: number | null;
    hi: number | null;
  };
  sqlite.exec('DELETE FROM videos_fts');
  if (lo === null || hi === null) return 0;
  const insert = sqlite.prepare(
    `INSERT INTO videos_fts (rowid, title, description, models, categories, gender)
     SELECT * FROM (${DOCUMENT} AND v.id BETWEEN ? AND ?)`,
  );
  let indexed = 0;
  for (let from = lo; from <= hi; from += batch) {
    indexed += insert.run(from, Math.min(hi, from + batch - 1)).changes;
    onProgress(Math.min(hi, from + batch - 1) - lo + 1, hi - lo + 1);
  }
  sqlite.exec("INSERT INTO videos_fts (videos_fts) VALUES ('optimize')");
  return indexed;
}

export const searchIndexIsEmpty = (sqlite: Database.Database) =>
  !sqlite.prepare('SELECT 1 FROM videos_fts LIMIT 1').get();
