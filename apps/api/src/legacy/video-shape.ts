import { hhmmss } from '@vt/i18n';
import type { VideoDetail, VideoThumb } from '../services/videos/video.dto';
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
    // Version groups (ADR 0035): the canonical this video is a version of (`redirect`: its page answers 301
    // there), or the alternates listed on this canonical's page; the JSON answer itself never redirects.
    version_of:
      v.versions?.role === 'version'
        ? {
            video_id: v.versions.versionOf.canonical.id,
            title: v.versions.versionOf.canonical.title,
            url: v.versions.versionOf.canonical.url,
            redirect: v.versions.versionOf.mode === 'redirect',
          }
        : null,
    versions:
      v.versions?.role === 'canonical'
        ? v.versions.alternates.map((a) => ({
            video_id: a.id,
            title: a.title,
            url: a.url,
            duration: hhmmss(a.durationSec),
            height: a.height,
          }))
        : [],
  };
}
