import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { type MoveDirection, moved } from '../../lib/reorder';
import { bytesOf, type MediaStore } from '../../media-store/media-store';
import { checkLength } from '../shared/field-rules';
import type { PublicCaches } from '../shared/public-caches';
import { albumImageUrl } from './album.service';
import { type AlbumsRepository, ALBUM_LISTED as LISTED, ALBUM_PENDING as PENDING } from './albums.repository';

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

type OwnRow = NonNullable<Awaited<ReturnType<AlbumsRepository['owned']>>>;

/** Removes an album's photos and covers: from the media directory, or the bucket (S3 mode). */
export async function deleteAlbumFiles(media: MediaStore, albumId: number): Promise<void> {
  await media.deletePrefix(`albums/${albumId}`);
}

/**
 * The uploader's own albums after creation (docs/decisions/0030): title, photos, order, cover, deletion.
 * Nothing goes public unmoderated: a new title or a new photo puts an approved album back in the
 * moderation queue, hidden until approved again. Removing photos, reordering and picking the cover among
 * approved photos change nothing a moderator has not seen, so a listed album stays listed.
 */
export function createAlbumEdit({
  albums,
  media,
  caches,
}: {
  albums: AlbumsRepository;
  /** Where photos live: the media directory, or the bucket (S3 mode). */
  media: MediaStore;
  caches: PublicCaches;
}) {
  /** The member's album, or "not found" for anyone else's (and for deleted ones). */
  async function own(memberId: number, albumId: number): Promise<OwnRow> {
    const row = await albums.owned(memberId, albumId);
    if (!row) throw albumNotFound();
    return row;
  }

  async function ownPhoto(albumId: number, photoId: number) {
    const photo = await albums.photo(albumId, photoId);
    if (!photo) throw photoNotFound();
    return photo;
  }

  /** A new 640×360 listing image from this photo; the old one is removed once replaced. */
  async function makeCover(albumId: number, photoPath: string, old: string | null) {
    // Named after its photo, so removing that photo later knows the cover went with it.
    const scr = `${photoPath.replace(/\.jpg$/, '')}-cover-${Date.now().toString(36)}.jpg`;
    const photo = await bytesOf(media, photoPath);
    if (!photo) throw photoNotFound();
    const cover = await sharp(photo).resize(640, 360, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
    await media.putBytes(scr, cover, { contentType: 'image/jpeg' });
    await albums.setCover(albumId, scr);
    if (old && old !== scr) await removeFile(old);
  }

  /** Removes one stored file; a path that is not a valid key names nothing stored. */
  async function removeFile(path: string) {
    try {
      await media.deleteObject(path);
    } catch (err) {
      if (!(err instanceof Error && err.message.startsWith('Invalid media key'))) throw err;
    }
  }

  async function publicChanged(row: OwnRow) {
    if (row.status_id === LISTED) await caches.purge();
  }

  return {
    /** Every album of the member's but deleted ones, newest first: the owner's albums tab links each to its edit view. */
    async list(memberId: number): Promise<OwnAlbumLine[]> {
      return (await albums.ownedList(memberId)).map((r) => ({
        id: r.id,
        title: r.title,
        status: statusOf(r.status_id),
        photosAmount: r.photos_amount,
      }));
    },

    /** The edit view: the album in any state but deleted, with its photos in order. */
    async get(memberId: number, albumId: number): Promise<OwnAlbum> {
      const row = await own(memberId, albumId);
      const photos = await albums.photos(albumId);
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
    async update(memberId: number, albumId: number, input: { title?: string; desc?: string }) {
      const row = await own(memberId, albumId);
      const title = checkLength('title', input.title, ...ALBUM_TITLE);
      const desc = (input.desc ?? '').trim();
      if (desc.length > ALBUM_DESC_MAX)
        throw new AppError('max_length', { field: 'desc', info: { length: ALBUM_DESC_MAX } });
      if (title === row.title && desc === row.description) return { code: 'album_changed' };
      await albums.retitle(albumId, title, desc);
      await publicChanged(row);
      return { code: row.status_id === PENDING ? 'album_changed' : 'album_pending' };
    },

    /** After a photo was added by the upload path: a listed album waits for a moderator again. */
    async removePhoto(memberId: number, albumId: number, photoId: number) {
      const row = await own(memberId, albumId);
      const photo = await ownPhoto(albumId, photoId);
      await albums.removePhoto(albumId, photoId);
      await removeFile(photo.path);
      await removeFile(`${photo.path}.webp`);
      // The cover was made from one photo; if that one went, the first remaining one takes over.
      const [first] = await albums.photos(albumId);
      const coverFrom = row.scr?.startsWith(photo.path.replace(/\.jpg$/, '')) ?? false;
      if (!first) await albums.setCover(albumId, null);
      else if (coverFrom || row.scr === null) await makeCover(albumId, first.path, row.scr);
      // An empty album cannot stay listed.
      if (!first) await albums.backToQueue(albumId);
      await publicChanged(row);
      return { code: 'photo_removed' };
    },

    /** Swaps a photo with its neighbour before (`up`) or after it. */
    async movePhoto(memberId: number, albumId: number, photoId: number, direction: MoveDirection) {
      const row = await own(memberId, albumId);
      const list = (await albums.photos(albumId)).map((p) => p.id);
      const at = list.indexOf(photoId);
      if (at < 0) throw photoNotFound();
      const next = moved(list, at, direction);
      if (!next) return { code: 'playlist_reordered' };
      await albums.setPhotoOrder(albumId, next);
      await publicChanged(row);
      return { code: 'playlist_reordered' };
    },

    async setCover(memberId: number, albumId: number, photoId: number) {
      const row = await own(memberId, albumId);
      const photo = await ownPhoto(albumId, photoId);
      await makeCover(albumId, photo.path, row.scr);
      await publicChanged(row);
      return { code: 'album_cover_set' };
    },

    /** Deletes the album, its photos' files, comments and votes; every cached answer showing it goes. */
    async delete(memberId: number, albumId: number) {
      await own(memberId, albumId);
      await albums.delete(albumId);
      await deleteAlbumFiles(media, albumId);
      await caches.purge();
      return { code: 'album_deleted' };
    },
  };
}

export type AlbumEdit = ReturnType<typeof createAlbumEdit>;
