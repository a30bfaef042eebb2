import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { type MoveDirection, moved } from '../../lib/reorder';
import { checkLength } from '../auth/account-rules';
import type { PublicCaches } from '../shared/public-caches';
import { albumImageUrl } from './album.service';

/** status_id of albums, as for videos: listed, waiting for a moderator, rejected, gone. */
const LISTED = 1;
const PENDING = 2;
export const ALBUM_TITLE = [3, 100] as const;
export const ALBUM_DESC_MAX = 2000;

const albumNotFound = () => new AppError('album_not_found', { status: 404, message: 'Album not found' });
const photoNotFound = () => new AppError('photo_not_found', { status: 404, message: 'Photo not found' });

const statusOf = (statusId: number) =>
  statusId === LISTED ? 'active' : statusId === PENDING ? 'pending' : ('rejected' as const);

export interface OwnAlbumLine {
  id: number;
  title: string;
  status: 'active' | 'pending' | 'rejected';
  photosAmount: number;
}

export interface OwnAlbum {
  id: number;
  dir: string;
  title: string;
  description: string;
  status: 'active' | 'pending' | 'rejected';
  coverPhotoId: number | null;
  photos: { id: number; url: string; width: number; height: number }[];
}

interface OwnRow {
  id: number;
  dir: string;
  title: string;
  description: string;
  status_id: number;
  scr: string | null;
  photos_amount: number;
}

/** An album's rows and what hangs on it without a foreign key (comments, votes); call in a transaction. */
export function deleteAlbumRows(sqlite: Database.Database, albumId: number): void {
  sqlite.prepare("DELETE FROM comments WHERE section = 'album' AND object_id = ?").run(albumId);
  sqlite.prepare("DELETE FROM votes WHERE section = 'album' AND object_id = ?").run(albumId);
  sqlite.prepare('DELETE FROM albums WHERE id = ?').run(albumId);
}

export function deleteAlbumFiles(mediaDir: string, albumId: number): void {
  rmSync(join(mediaDir, 'albums', String(albumId)), { recursive: true, force: true });
}

/**
 * The uploader's own albums after creation (docs/decisions/0030): title, photos, order, cover, deletion.
 * Nothing goes public unmoderated: a new title or a new photo puts an approved album back in the
 * moderation queue, hidden until approved again. Removing photos, reordering and picking the cover among
 * approved photos change nothing a moderator has not seen, so a listed album stays listed.
 */
export function createAlbumEdit({
  sqlite,
  mediaDir,
  caches,
}: {
  sqlite: Database.Database;
  mediaDir: string;
  caches: PublicCaches;
}) {
  const ownRow = sqlite.prepare(
    `SELECT id, dir, title, description, status_id, scr, photos_amount FROM albums
     WHERE id = ? AND uploader_id = ? AND status_id IN (1, 2, 4)`,
  );
  const photoRow = sqlite.prepare('SELECT id, path, position FROM photos WHERE id = ? AND album_id = ?');
  const photosOf = sqlite.prepare(
    'SELECT id, path, width, height, position FROM photos WHERE album_id = ? ORDER BY position, id',
  );
  const backToQueue = sqlite.prepare(
    'UPDATE albums SET status_id = 2, reject_reason = NULL WHERE id = ? AND status_id IN (1, 4)',
  );

  /** The member's album, or "not found" for anyone else's (and for deleted ones). */
  function own(memberId: number, albumId: number): OwnRow {
    const row = ownRow.get(albumId, memberId) as OwnRow | undefined;
    if (!row) throw albumNotFound();
    return row;
  }

  /** A new 640×360 listing image from this photo; the old one is removed once replaced. */
  async function makeCover(albumId: number, photoPath: string, old: string | null) {
    // Named after its photo, so removing that photo later knows the cover went with it.
    const scr = `${photoPath.replace(/\.jpg$/, '')}-cover-${Date.now().toString(36)}.jpg`;
    await sharp(join(mediaDir, photoPath))
      .resize(640, 360, { fit: 'cover' })
      .jpeg({ quality: 80 })
      .toFile(join(mediaDir, scr));
    sqlite.prepare('UPDATE albums SET scr = ? WHERE id = ?').run(scr, albumId);
    if (old && old !== scr) rmSync(join(mediaDir, old), { force: true });
  }

  function publicChanged(row: OwnRow) {
    if (row.status_id === LISTED) caches.purge();
  }

  return {
    /** Every album of the member's but deleted ones, newest first: the owner's albums tab links each to its edit view. */
    list(memberId: number): OwnAlbumLine[] {
      return (
        sqlite
          .prepare(
            `SELECT id, title, status_id, photos_amount FROM albums
             WHERE uploader_id = ? AND status_id IN (1, 2, 4) ORDER BY added_at DESC, id DESC LIMIT 200`,
          )
          .all(memberId) as { id: number; title: string; status_id: number; photos_amount: number }[]
      ).map((r) => ({
        id: r.id,
        title: r.title,
        status: statusOf(r.status_id),
        photosAmount: r.photos_amount,
      }));
    },

    /** The edit view: the album in any state but deleted, with its photos in order. */
    get(memberId: number, albumId: number): OwnAlbum {
      const row = own(memberId, albumId);
      const photos = photosOf.all(albumId) as {
        id: number;
        path: string;
        width: number;
        height: number;
      }[];
      return {
        id: row.id,
        dir: row.dir,
        title: row.title,
        description: row.description,
        status: statusOf(row.status_id),
        // The listing image is made from one photo and named after it.
        coverPhotoId: photos.find((p) => row.scr?.startsWith(p.path.replace(/\.jpg$/, '')))?.id ?? null,
        photos: photos.map((p) => ({
          id: p.id,
          url: albumImageUrl(p.path),
          width: p.width,
          height: p.height,
        })),
      };
    },

    /** A new title or description goes back to moderation when the album was listed (ADR 0030). */
    update(memberId: number, albumId: number, input: { title?: string; desc?: string }) {
      const row = own(memberId, albumId);
      const title = checkLength('title', input.title, ...ALBUM_TITLE);
      const desc = (input.desc ?? '').trim();
      if (desc.length > ALBUM_DESC_MAX)
        throw new AppError('max_length', { field: 'desc', info: { length: ALBUM_DESC_MAX } });
      if (title === row.title && desc === row.description) return { code: 'album_changed' };
      sqlite.transaction(() => {
        sqlite.prepare('UPDATE albums SET title = ?, description = ? WHERE id = ?').run(title, desc, albumId);
        backToQueue.run(albumId);
      })();
      publicChanged(row);
      return { code: row.status_id === PENDING ? 'album_changed' : 'album_pending' };
    },

    /** After a photo was added by the upload path: a listed album waits for a moderator again. */
    async removePhoto(memberId: number, albumId: number, photoId: number) {
      const row = own(memberId, albumId);
      const photo = photoRow.get(photoId, albumId) as { id: number; path: string } | undefined;
      if (!photo) throw photoNotFound();
      sqlite.transaction(() => {
        sqlite.prepare('DELETE FROM photos WHERE id = ?').run(photoId);
        sqlite
          .prepare(
            'UPDATE albums SET photos_amount = (SELECT count(*) FROM photos WHERE album_id = ?) WHERE id = ?',
          )
          .run(albumId, albumId);
      })();
      rmSync(join(mediaDir, photo.path), { force: true });
      rmSync(join(mediaDir, `${photo.path}.webp`), { force: true });
      // The cover was made from one photo; if that one went, the first remaining one takes over.
      const first = photosOf.get(albumId) as { path: string } | undefined;
      const coverFrom = row.scr?.startsWith(photo.path.replace(/\.jpg$/, '')) ?? false;
      if (!first) sqlite.prepare('UPDATE albums SET scr = NULL WHERE id = ?').run(albumId);
      else if (coverFrom || row.scr === null) await makeCover(albumId, first.path, row.scr);
      // An empty album cannot stay listed.
      if (!first) backToQueue.run(albumId);
      publicChanged(row);
      return { code: 'photo_removed' };
    },

    /** Swaps a photo with its neighbour before (`up`) or after it. */
    movePhoto(memberId: number, albumId: number, photoId: number, direction: MoveDirection) {
      const row = own(memberId, albumId);
      const list = (photosOf.all(albumId) as { id: number }[]).map((p) => p.id);
      const at = list.indexOf(photoId);
      if (at < 0) throw photoNotFound();
      const next = moved(list, at, direction);
      if (!next) return { code: 'playlist_reordered' };
      const set = sqlite.prepare('UPDATE photos SET position = ? WHERE id = ?');
      sqlite.transaction(() => {
        for (const [i, id] of next.entries()) set.run(i + 1, id);
      })();
      publicChanged(row);
      return { code: 'playlist_reordered' };
    },

    async setCover(memberId: number, albumId: number, photoId: number) {
      const row = own(memberId, albumId);
      const photo = photoRow.get(photoId, albumId) as { id: number; path: string } | undefined;
      if (!photo) throw photoNotFound();
      await makeCover(albumId, photo.path, row.scr);
      publicChanged(row);
      return { code: 'album_cover_set' };
    },

    /** Deletes the album, its photos' files, comments and votes; every cached answer showing it goes. */
    delete(memberId: number, albumId: number) {
      own(memberId, albumId);
      sqlite.transaction(() => deleteAlbumRows(sqlite, albumId))();
      deleteAlbumFiles(mediaDir, albumId);
      caches.purge();
      return { code: 'album_deleted' };
    },
  };
}

export type AlbumEdit = ReturnType<typeof createAlbumEdit>;
