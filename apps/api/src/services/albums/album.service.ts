import { AppError } from '../../lib/app-error';
import { AsyncTtlMemo } from '../../lib/lru-cache';
import type { Listing } from '../shared/dto';
import { pagedListing } from '../shared/paged-query';
import type { AlbumDetail, AlbumListQuery, AlbumPage, AlbumPhoto, AlbumThumb } from './album.dto';
import type { AlbumFilter, AlbumsRepository } from './albums.repository';

export const ALBUM_PAGE_SIZE = 60;

type AlbumRow = Awaited<ReturnType<AlbumsRepository['thumbs']>>[number];

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

export function createAlbumService({ albums }: { albums: AlbumsRepository }) {
  const counts = new AsyncTtlMemo<number>(60_000);

  async function filterOf(q: AlbumListQuery): Promise<AlbumFilter> {
    const t = q.target;
    switch (t.section) {
      case 'all':
        return { gender: q.gender };
      case 'categories':
        return { gender: q.gender, categoryId: await albums.sectionId('categories', t.dir) };
      case 'models':
        return { gender: q.gender, modelId: await albums.sectionId('models', t.dir) };
      case 'member':
        return { gender: q.gender, uploaderId: t.memberId };
    }
  }

  const service = {
    async list(q: AlbumListQuery): Promise<Listing<AlbumThumb>> {
      const filter = await filterOf(q);
      // The (memoized) total first: a page past the end is answered without walking the index to it.
      const page = await pagedListing({
        page: q.page,
        count: q.count,
        total: () => counts.getOrCompute(JSON.stringify(filter), () => albums.count(filter)),
        // Deferred join: page through the covering index first, then read only the page's rows.
        rows: async (limit, offset) => albums.thumbs(await albums.pageIds(filter, q.sort, limit, offset)),
      });
      return { ...page, items: page.items.map(toThumb) };
    },

    /**
     * One album with its photos in order. Unapproved (pending, rejected) or missing albums do not exist
     * for visitors: 404 album_not_found. A private album answers 403 no_permission, except to its owner.
     */
    async get(id: number, lang: string, viewerId: number | null = null): Promise<AlbumDetail> {
      const r = await albums.detail(id);
      if (r?.status_id !== 1) {
        throw new AppError('album_not_found', { status: 404, message: 'Album not found' });
      }
      if (r.is_private !== 0 && (viewerId === null || viewerId !== r.uploader_id)) {
        throw new AppError('no_permission', { status: 403, message: 'You do not have permission to view.' });
      }
      const [up, photos, categories, models] = await Promise.all([
        r.uploader_id ? albums.uploader(r.uploader_id) : undefined,
        albums.photos(id),
        albums.categories(id, lang),
        albums.models(id),
      ]);
      return {
        ...toThumb(r),
        description: r.description,
        likes: r.likes,
        dislikes: r.dislikes,
        commentsCount: r.comments_count,
        uploader: up ? { id: up.id, name: up.name, avatar: up.avatar } : null,
        categories,
        models,
        photos: photos.map(
          (p): AlbumPhoto => ({ id: p.id, url: albumImageUrl(p.path), width: p.width, height: p.height }),
        ),
      };
    },

    /**
     * What the album page shows: the album, or, for someone else's private album, only what its
     * permission notice and canonical URL need. Missing or unapproved albums throw 404 album_not_found.
     */
    async page(id: number, lang: string, viewerId: number | null): Promise<AlbumPage> {
      try {
        return { state: 'active', album: await service.get(id, lang, viewerId) };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'no_permission') throw error;
        const r = (await albums.detail(id))!;
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
