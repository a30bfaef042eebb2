import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { AlbumDetail, AlbumThumb } from '../services/albums/album.dto';
import { parseAlbums } from './catalog-paths';
import { cachedJson, legacyError } from './legacy-response';
import { BadSegment, parseBucketed, parseLang, parseLifetime } from './paths';
import type { ResponseCache } from './response-cache';
import { sqlDate } from './sql-date';

/** The legacy album listing item (spec §3 Album fields). */
export function legacyAlbumThumb(a: AlbumThumb) {
  return {
    album_id: a.id,
    dir: a.dir,
    title: a.title,
    scr: a.scr,
    photos_amount: a.photosAmount,
    album_viewed: a.views,
    rating: a.rating,
    post_date: sqlDate(a.postDate),
  };
}

export function legacyAlbum(a: AlbumDetail) {
  return {
    album_id: a.id,
    dir: a.dir,
    title: a.title,
    description: a.description,
    scr: a.scr,
    photos_amount: a.photosAmount,
    album_viewed: a.views,
    post_date: sqlDate(a.postDate),
    user: a.uploader ? { _id: a.uploader.id, name: a.uploader.name, avatar: a.uploader.avatar } : null,
    categories: a.categories.map(({ dir, title }) => ({ dir, title })),
    models: a.models.map(({ dir, title }) => ({ dir, title })),
    photos: a.photos.map((p) => ({ photo_id: p.id, url: p.url, width: p.width, height: p.height })),
  };
}

/** Legacy read paths for albums (docs/api/albums.md). */
export function albumsLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/albums/*', (c) => {
    const rest = c.req.path.slice('/api/json/albums/'.length);
    if (!rest.endsWith('.json')) throw new BadSegment('path');
    const p = parseAlbums(rest.slice(0, -5));
    return cachedJson(c, cache, p.lifetime, async () => {
      const r = await c.var.services.albums.list(p);
      return { albums: r.items.map(legacyAlbumThumb), total_count: r.totalCount };
    });
  });

  app.get('/api/json/album/:lifetime/:bucket/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const id = parseBucketed(c.req.param('bucket'), file.slice(0, -5));
    const lang = c.req.query('lang') ? parseLang(c.req.query('lang')!) : 'en';
    // Public and shared: a private album answers no_permission here even to its owner.
    return cachedJson(c, cache, lifetime, async () => ({
      album: legacyAlbum(await c.var.services.albums.get(id, lang)),
    }));
  });

  return app;
}
