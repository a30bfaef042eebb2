import { AppError } from '../../lib/app-error';
import { auditRow } from '../audit/audit-entry';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { CaptionsRepository } from './captions.repository';
import { checkWebVtt } from './webvtt';

/** Caption languages: a two-letter (ISO 639-1) code, the <track srclang>. */
const LANG = /^[a-z]{2}$/;

/**
 * Moderators attach one WebVTT captions track to a video or remove it (issue 19); the player offers it
 * after play. Every change is audited and purges the public caches (the video page links the track).
 */
export function createCaptions({
  repo,
  clock,
  caches,
}: {
  repo: CaptionsRepository;
  clock: Clock;
  caches: PublicCaches;
}) {
  const mustExist = async (videoId: number) => {
    if (!(await repo.videoExists(videoId))) throw new AppError('video_not_found', { status: 404 });
  };

  return {
    async set(actorId: number, videoId: number, lang: string, text: string): Promise<void> {
      await mustExist(videoId);
      if (!LANG.test(lang)) throw new AppError('invalid_captions', { field: 'lang', info: 'lang' });
      const checked = checkWebVtt(text);
      if ('error' in checked)
        throw new AppError('invalid_captions', { field: 'vtt', info: checked.error, message: checked.error });
      const now = clock.now();
      await repo.set({
        videoId,
        lang,
        vtt: checked.vtt,
        now,
        audit: (before) =>
          auditRow(
            {
              actorId,
              action: 'captions.set',
              targetType: 'video',
              targetId: videoId,
              before,
              after: { lang, bytes: Buffer.byteLength(checked.vtt, 'utf8') },
            },
            now,
          ),
      });
      await caches.purge();
    },

    async remove(actorId: number, videoId: number): Promise<boolean> {
      await mustExist(videoId);
      const now = clock.now();
      const removed = await repo.remove(videoId, (before) =>
        auditRow({ actorId, action: 'captions.remove', targetType: 'video', targetId: videoId, before }, now),
      );
      if (removed) await caches.purge();
      return removed;
    },
  };
}

export type Captions = ReturnType<typeof createCaptions>;
