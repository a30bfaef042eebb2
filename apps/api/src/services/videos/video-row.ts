import type { VideosTable } from '@vt/db';
import type { Selectable } from 'kysely';
import type { MediaUrls } from '../media/media-urls.service';
import type { VideoThumb } from './video.dto';

/** The columns every thumb needs; listing queries select exactly these. */
export const THUMB_COLUMNS = [
  'v.id',
  'v.dir',
  'v.title',
  'v.duration_sec',
  'v.post_date',
  'v.rating',
  'v.video_viewed',
  'v.likes',
  'v.dislikes',
  'v.is_hd',
  'v.media_path',
] as const;

export type ThumbRow = Pick<
  Selectable<VideosTable>,
  | 'id'
  | 'dir'
  | 'title'
  | 'duration_sec'
  | 'post_date'
  | 'rating'
  | 'video_viewed'
  | 'likes'
  | 'dislikes'
  | 'is_hd'
  | 'media_path'
>;

export const videoUrl = (id: number, dir: string) => `/videos/${id}/${dir}/`;

export function toThumb(row: ThumbRow, urls: MediaUrls): VideoThumb {
  return {
    id: row.id,
    dir: row.dir,
    title: row.title,
    url: videoUrl(row.id, row.dir),
    durationSec: row.duration_sec,
    postDate: row.post_date,
    rating: row.rating,
    views: row.video_viewed,
    likes: row.likes,
    dislikes: row.dislikes,
    isHd: row.is_hd === 1,
    thumb: urls.image(row.media_path, 'thumb.jpg'),
    thumb2x: urls.image(row.media_path, 'thumb@2x.jpg'),
    scr: urls.image(row.media_path, 'scr.jpg'),
    preview: urls.image(row.media_path, 'preview.mp4'),
  };
}
