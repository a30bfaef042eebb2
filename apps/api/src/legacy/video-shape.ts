import { hhmmss } from '@vt/i18n';
import type { VideoDetail, VideoThumb } from '../services/dto';
import { sqlDate } from './sql-date';

/** The legacy listing item (spec §3 Video fields a thumb needs). */
export function legacyThumb(v: VideoThumb) {
  return {
    video_id: v.id,
    dir: v.dir,
    title: v.title,
    thumb: v.thumb,
    thumbsrc: v.thumb2x,
    scr: v.scr,
    duration: hhmmss(v.durationSec),
    post_date: sqlDate(v.postDate),
    rating: v.rating,
    video_viewed: v.views,
    is_hd: v.isHd ? 1 : 0,
  };
}

/** The legacy video answer: every spec §3 Video field. */
export function legacyVideo(
  v: VideoDetail,
  extras: { sg_id: number | null; ex_tube: string | null; ex_id: string | null; album_id: number | null },
) {
  const base = {
    video_id: v.id,
    dir: v.dir,
    title: v.title,
    status_id: v.statusId,
    is_private: v.isPrivate,
  };
  // A deleted video keeps only what the deleted panel needs.
  if (v.state === 'deleted') return base;
  return {
    ...legacyThumb(v),
    ...base,
    description: v.description,
    gender: v.gender === 'shemale' ? 'she' : 'other',
    orientation: v.gender,
    ...extras,
    playlist_id: null,
    channel: v.channel ? { id: v.channel.id, dir: v.channel.dir, title: v.channel.title } : null,
    member: v.uploader ? { _id: v.uploader.id, name: v.uploader.name, avatar: v.uploader.avatar } : null,
    models: v.models,
    categories: v.categories,
    statistics: { viewed: v.views, likes: v.likes, dislikes: v.dislikes, subscribers: v.subscribers },
    width: v.width,
    height: v.height,
    timelines: v.timelineVtt,
  };
}
