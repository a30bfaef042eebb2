import type { AlbumSort } from '@vt/rules';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { TtlMemo } from '../../lib/lru-cache';
import type { Listing, NamedLink } from '../shared/dto';
import type { AlbumDetail, AlbumListQuery, AlbumPage, AlbumPhoto, AlbumThumb } from './album.dto';

export const ALBUM_PAGE_SIZE = 60;

/**
 * Each sort is exactly the order of its partial index `albums_*_idx (gender, column) WHERE status_id = 1
 * AND is_private = 0`: every SQLite index ends with the rowid, so `column DESC, id DESC` is a walk of the
 * index backwards with no sort step, however deep the page.
 */
const ORDER: Record<AlbumSort, string> = {
  'latest-updates': 'a.post_date DESC, a.id DESC',
  'most-viewed': 'a.album_viewed DESC, a.id DESC',
  'top-rated': 'a.rating DESC, a.id DESC',
  'most-commented': 'a.comments_count DESC, a.id DESC',
};

const COLUMNS =
  'a.id, a.dir, a.title, a.scr, a.photos_amount, a.album_viewed, a.rating, a.post_date, a.status_id, a.is_private';

interface AlbumRow {
  id: number;
  dir: string;
  title: string;
  scr: string | null;
  photos_amount: number;
  album_viewed: number;
  rating: number;
  post_date: number;
  status_id: number;
  is_private: number;
}

interface DetailRow extends AlbumRow {
  description: string;
  likes: number;
  dislikes: number;
  comments_count: number;
  uploader_id: number | null;
}

export const albumUrl = (id: number, dir: string) => `/album/${id}/${dir}/`;

/** Album images live in the media dir and are served publicly under /thumbs/ (media.routes.ts). */
export const albumImageUrl = (path: string | null) => (path ? `/thumbs/${encodeURI(path)}` : '');

function toThumb(r: AlbumRow): AlbumThumb {
  return {
    id: r.id,
    dir: r.dir,
    title: r.title,
    url: albumUrl(r.id, r.dir),
    scr: albumImageUrl(r.scr),
    photosAmount: r.photos_amount,
    views: r.album_viewed,
    rating: r.rating,
    postDate: r.post_date,
  };
}

export function createAlbumService({ sqlite }: { sqlite: Database.Database }) {
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let st = statements.get(sql);
    if (!st) {
      st = sqlite.prepare(sql);
      statements.set(sql, st);
    }
    return st;
  };
  const counts = new TtlMemo<number>(60_000);
  const categoryId = sqlite.prepare('SELECT id FROM categories WHERE dir = ?').pluck();
  const modelId = sqlite.prepare('SELECT id FROM models WHERE dir = ?').pluck();
  const byIds = sqlite.prepare(
    `SELECT ${COLUMNS} FROM albums a WHERE a.id IN (SELECT value FROM json_each(?))`,
  );
  const byId = sqlite.prepare(
    `SELECT ${COLUMNS}, a.description, a.likes, a.dislikes, a.comments_count, a.uploader_id FROM albums a WHERE a.id = ?`,
  );
  const uploader = sqlite.prepare('SELECT id, name, avatar FROM members WHERE id = ?');
  const photosOf = sqlite.prepare(
    'SELECT id, path, width, height FROM photos WHERE album_id = ? ORDER BY position, id',
  );
  const categoriesOf = sqlite.prepare(
    `SELECT c.dir, coalesce(t.title, en.title, c.dir) AS title FROM album_categories ac
       JOIN categories c ON c.id = ac.category_id
       LEFT JOIN category_titles t ON t.category_id = c.id AND t.lang = ?
       LEFT JOIN category_titles en ON en.category_id = c.id AND en.lang = 'en'
     WHERE ac.album_id = ? ORDER BY c.total_albums DESC, c.id`,
  );
  const modelsOf = sqlite.prepare(
    'SELECT m.dir, m.title FROM album_models am JOIN models m ON m.id = am.model_id WHERE am.album_id = ? ORDER BY m.title',
  );

  function build(q: AlbumListQuery): { where: string[]; params: unknown[] } {
    const where = ['a.status_id = 1', 'a.is_private = 0', 'a.gender = ?'];
    const params: unknown[] = [q.gender];
    const t = q.target;
    switch (t.section) {
      case 'all':
        break;
      // IN (subquery) lets the planner either probe the join table while walking the sort index (large
      // sets) or start from the join table and sort the few rows (small sets).
      case 'categories': {
        const id = categoryId.get(t.dir);
        where.push(
          id === undefined ? '0' : 'a.id IN (SELECT album_id FROM album_categories WHERE category_id = ?)',
        );
        if (id !== undefined) params.push(id);
        break;
      }
      case 'models': {
        const id = modelId.get(t.dir);
        where.push(id === undefined ? '0' : 'a.id IN (SELECT album_id FROM album_models WHERE model_id = ?)');
        if (id !== undefined) params.push(id);
        break;
      }
      case 'member':
        where.push('a.uploader_id = ?');
        params.push(t.memberId);
        break;
    }
    return { where, params };
  }

  function fetchThumbs(ids: number[]): AlbumThumb[] {
    if (ids.length === 0) return [];
    const rows = new Map((byIds.all(JSON.stringify(ids)) as AlbumRow[]).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const r = rows.get(id);
      return r ? [toThumb(r)] : [];
    });
  }

  const service = {
    list(q: AlbumListQuery): Listing<AlbumThumb> {
      const { where, params } = build(q);
      const countSql = `SELECT count(*) FROM albums a WHERE ${where.join(' AND ')}`;
      const total = counts.getOrCompute(`${countSql}|${params.join('|')}`, () =>
        Number(
          prepare(countSql)
            .pluck()
            .get(...params),
        ),
      );
      let items: AlbumThumb[] = [];
      // The (memoized) total first: a page past the end is answered without walking the index to it.
      if ((q.page - 1) * q.count < total) {
        // Deferred join: page through the covering index first, then read only the page's rows.
        const sql = `SELECT a.id FROM albums a WHERE ${where.join(' AND ')} ORDER BY ${ORDER[q.sort]} LIMIT ? OFFSET ?`;
        const ids = prepare(sql)
          .pluck()
          .all(...params, q.count, (q.page - 1) * q.count) as number[];
        items = fetchThumbs(ids);
      }
      return { items, totalCount: total, page: q.page, pages: Math.ceil(total / q.count) };
    },

    /**
     * One album with its photos in order. Unapproved (pending, rejected) or missing albums do not exist
     * for visitors: 404 album_not_found. A private album answers 403 no_permission, except to its owner.
     */
    get(id: number, lang: string, viewerId: number | null = null): AlbumDetail {
      const r = byId.get(id) as DetailRow | undefined;
      if (r?.status_id !== 1) {
        throw new AppError('album_not_found', { status: 404, message: 'Album not found' });
      }
      if (r.is_private !== 0 && (viewerId === null || viewerId !== r.uploader_id)) {
        throw new AppError('no_permission', { status: 403, message: 'You do not have permission to view.' });
      }
      const up = r.uploader_id
        ? (uploader.get(r.uploader_id) as AlbumDetail['uploader'] | undefined)
        : undefined;
      const photos = (photosOf.all(id) as { id: number; path: string; width: number; height: number }[]).map(
        (p): AlbumPhoto => ({ id: p.id, url: albumImageUrl(p.path), width: p.width, height: p.height }),
      );
      return {
        ...toThumb(r),
        description: r.description,
        likes: r.likes,
        dislikes: r.dislikes,
        commentsCount: r.comments_count,
        uploader: up ? { id: up.id, name: up.name, avatar: up.avatar } : null,
        categories: categoriesOf.all(lang, id) as NamedLink[],
        models: modelsOf.all(id) as NamedLink[],
        photos,
      };
    },

    /**
     * What the album page shows: the album, or, for someone else's private album, only what its
     * permission notice and canonical URL need. Missing or unapproved albums throw 404 album_not_found.
     */
    page(id: number, lang: string, viewerId: number | null): AlbumPage {
      try {
        return { state: 'active', album: service.get(id, lang, viewerId) };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'no_permission') throw error;
        const r = byId.get(id) as DetailRow;
        return { state: 'private', id: r.id, dir: r.dir, title: r.title, url: albumUrl(r.id, r.dir) };
      }
    },

    /** Drops memoized totals, e.g. after moderation publishes or hides an album. */
    invalidateCounts(): void {
      counts.clear();
    },
  };
  return service;
}

export type AlbumService = ReturnType<typeof createAlbumService>;
