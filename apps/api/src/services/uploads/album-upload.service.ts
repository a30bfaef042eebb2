import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { checkImage } from '../../lib/image-check';
import { slugOf } from '../../lib/slug';
import type { MediaStore } from '../../media-store/media-store';
import type { AlbumsRepository } from '../albums/albums.repository';
import type { Clock } from '../shared/clock';
import { checkLength } from '../shared/field-rules';
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
  albums,
  clock,
  media,
  caches,
}: {
  albums: AlbumsRepository;
  clock: Clock;
  /** Where photos are written: the media directory, or the bucket (S3 mode), so any node serves them. */
  media: MediaStore;
  caches: PublicCaches;
}) {
  return {
    async create(me: number, form: Record<string, string | undefined>): Promise<{ albumId: number }> {
      const title = checkLength('title', form.title, 3, 100);
      const description = (form.desc ?? '').trim().slice(0, 2000);
      // The same confirmation as a video upload (checkVideoUpload): no album is created without it.
      if (form.adult !== '1')
        throw new AppError('consent_required', {
          field: 'adult',
          message: 'Please confirm that everyone depicted is an adult and consented',
        });
      const now = clock.now();
      const id = await albums.create(
        { dir: slugOf(title, 'album'), title, description, uploader_id: me, post_date: now, added_at: now },
        (form.categories ?? '')
          .split(',')
          .filter(Boolean)
          .slice(0, 3)
          .map((dir) => dir.trim()),
      );
      return { albumId: id };
    },

    async addPhoto(
      me: number,
      albumId: number,
      bytes: Uint8Array,
    ): Promise<{ photoId: number; photosAmount: number }> {
      // Photos may be added to the member's album in any state but deleted; an approved or rejected album
      // goes back to the moderation queue with them (nothing goes public unmoderated, ADR 0030).
      const album = await albums.owned(me, albumId);
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
      const dir = `albums/${albumId}`;
      const name = `${album.photos_amount + 1}-${randomBytes(4).toString('hex')}`;
      const path = `${dir}/${name}.jpg`;
      const { data, info: out } = await sharp(bytes)
        .rotate() // EXIF orientation applied, then every metadata block dropped by re-encoding
        .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      await media.putBytes(path, data, { contentType: 'image/jpeg' });
      const first = album.photos_amount === 0;
      let scr: string | null = null;
      if (first) {
        scr = `${dir}/${name}-thumb.jpg`;
        const thumb = await sharp(bytes)
          .rotate()
          .resize(640, 360, { fit: 'cover' })
          .jpeg({ quality: 80 })
          .toBuffer();
        await media.putBytes(scr, thumb, { contentType: 'image/jpeg' });
      }
      const photoId = await albums.addPhoto({
        albumId,
        path,
        width: out.width,
        height: out.height,
        scr,
        now: clock.now(),
      });
      if (album.status_id === 1) await caches.purge();
      return { photoId, photosAmount: album.photos_amount + 1 };
    },
  };
}

export type AlbumUploads = ReturnType<typeof createAlbumUploads>;
