import type Database from 'better-sqlite3';
import { notAVersion } from '../videos/video-versions.service';

/** A listed video as an external engine indexes it: searchable text plus the filter and sort fields. */
export interface SearchDocument {
  id: number;
  title: string;
  description: string;
  models: string[];
  modelDirs: string[];
  categories: string[];
  categoryDirs: string[];
  gender: string;
  durationBucket: number;
  isHd: number;
  post_date: number;
  duration_sec: number;
  comments_count: number;
  video_viewed: number;
  rating: number;
  popularity: number;
  views_day: number;
  views_week: number;
  views_month: number;
}

const SEP = '\u001f';

/** The documents of these videos that are listed; ids missing from the answer should leave the index. */
export function loadSearchDocuments(sqlite: Database.Database, ids: readonly number[]): SearchDocument[] {
  if (ids.length === 0) return [];
  const rows = sqlite
    .prepare(
      `SELECT v.id, v.title, v.description, v.gender, v.duration_bucket AS durationBucket, v.is_hd AS isHd,
         v.post_date, v.duration_sec, v.comments_count, v.video_viewed, v.rating, v.popularity,
         v.views_day, v.views_week, v.views_month,
         (SELECT group_concat(m.title, '${SEP}') FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = v.id) AS models,
         (SELECT group_concat(m.dir, '${SEP}') FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = v.id) AS modelDirs,
         (SELECT group_concat(c.dir, '${SEP}') FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = v.id) AS categoryDirs,
         (SELECT group_concat(DISTINCT ct.title) FROM video_categories vc JOIN category_titles ct ON ct.category_id = vc.category_id WHERE vc.video_id = v.id) AS categories
       FROM videos v WHERE v.status_id = 1 AND v.is_private = 0 AND ${notAVersion('v')} AND v.id IN (${ids.map(Number).join(',')})`,
    )
    .all() as (Omit<SearchDocument, 'models' | 'modelDirs' | 'categories' | 'categoryDirs'> &
    Record<string, string | null>)[];
  const split = (v: string | null, sep = SEP) => (v ? v.split(sep) : []);
  return rows.map((r) => ({
    ...r,
    models: split(r.models),
    modelDirs: split(r.modelDirs),
    categoryDirs: split(r.categoryDirs),
    categories: split(r.categories, ','),
  })) as SearchDocument[];
}
