import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { checkImage } from '../../lib/image-check';
import { slugOf } from '../../lib/slug';
import { checkLength } from '../auth/account-rules';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';

export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_MIN_SIDE = 320;
export const PHOTOS_PER_ALBUM = 200;
/** Photos are stored at most this wide or tall; the listing image is a 640×360 crop of the first. */
const PHOTO_MAX_SIDE = 1920;

/**
 * Members' photo albums: created pending, filled photo by photo (each decoded and re-encoded by sharp,
 * upright and without EXIF), published only when a moderator approves.
 */
export function createAlbumUploads({
  sqlite,
  clock,
  mediaDir,
  caches,
}: {
  sqlite: Database.Database;
  clock: Clock;
  mediaDir: string;
  caches: PublicCaches;
}) {
  // Photos may be added to the member's album in any state but deleted; an approved or rejected album
  // goes back to the moderation queue with them (nothing goes public unmoderated, ADR 0030).
  const own = sqlite.prepare(
    'SELECT id, photos_amount, status_id FROM albums WHERE id = ? AND uploader_id = ? AND status_id IN (1, 2, 4)',
  );

  return {
    create(me: number, form: Record<string, string | undefined>): { albumId: number } {
      const title = checkLength('title', form.title, 3, 100);
      const description = (form.desc ?? '').trim().slice(0, 2000);
      // The same confirmation as a video upload (checkVideoUpload): no album is created without it.
      if (form.adult !== '1')
        throw new AppError('consent_required', {
          field: 'adult',
          message: 'Please confirm that everyone depicted is an adult and consented',
        });
      const now = clock.now();
      const id = Number(
        sqlite
          .prepare(
            `INSERT INTO albums (dir, title, description, status_id, uploader_id, post_date, added_at)
             VALUES (?, ?, ?, 2, ?, ?, ?)`,
          )
          .run(slugOf(title, 'album'), title, description, me, now, now).lastInsertRowid,
      );
      for (const dir of (form.categories ?? '').split(',').filter(Boolean).slice(0, 3))
        sqlite
          .prepare(
            'INSERT OR IGNORE INTO album_categories (album_id, category_id) SELECT ?, id FROM categories WHERE dir = ?',
          )
          .run(id, dir.trim());
      return { albumId: id };
    },

    async addPhoto(
      me: number,
      albumId: number,
      bytes: Uint8Array,
    ): Promise<{ photoId: number; photosAmount: number }> {
      const album = own.get(albumId, me) as
        | { id: number; photos_amount: number; status_id: number }
        | undefined;
      if (!album) throw new AppError('album_not_found', { status: 404, message: 'Album not found' });
      if (album.photos_amount >= PHOTOS_PER_ALBUM)
        throw new AppError('too_many_photos', {
          info: { max: PHOTOS_PER_ALBUM },
          message: `At most ${PHOTOS_PER_ALBUM} photos`,
        });
      await checkImage(bytes, {
        field: 'file',
        maxBytes: PHOTO_MAX_BYTES,
        maxLabel: '20 MB',
        minWidth: PHOTO_MIN_SIDE,
        minHeight: PHOTO_MIN_SIDE,
      });
      const dir = join('albums', String(albumId));
      mkdirSync(join(mediaDir, dir), { recursive: true });
      const name = `${album.photos_amount + 1}-${randomBytes(4).toString('hex')}`;
      const path = join(dir, `${name}.jpg`);
      const out = await sharp(bytes)
        .rotate() // EXIF orientation applied, then every metadata block dropped by re-encoding
        .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85, mozjpeg: true })
        .toFile(join(mediaDir, path));
      const first = album.photos_amount === 0;
      let scr: string | null = null;
      if (first) {
        scr = join(dir, `${name}-thumb.jpg`);
        await sharp(bytes)
          .rotate()
          .resize(640, 360, { fit: 'cover' })
          .jpeg({ quality: 80 })
          .toFile(join(mediaDir, scr));
      }
      const added = sqlite.transaction(() => {
        const photoId = Number(
          sqlite
            .prepare(
              `INSERT INTO photos (album_id, position, path, width, height, created_at)
               VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM photos WHERE album_id = ?), ?, ?, ?, ?)`,
            )
            .run(albumId, albumId, path, out.width, out.height, clock.now()).lastInsertRowid,
        );
        sqlite
          .prepare(
            'UPDATE albums SET photos_amount = photos_amount + 1, scr = coalesce(?, scr), status_id = 2, reject_reason = NULL WHERE id = ?',
          )
          .run(scr, albumId);
        return { photoId, photosAmount: album.photos_amount + 1 };
      })();
      if (album.status_id === 1) caches.purge();
      return added;
    },
  };
}

export type AlbumUploads = ReturnType<typeof createAlbumUploads>;
