import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import { checkWebVtt } from './webvtt';

/** Caption languages: a two-letter (ISO 639-1) code, the <track srclang>. */
const LANG = /^[a-z]{2}$/;

/**
 * Moderators attach one WebVTT captions track to a video or remove it (issue 19); the player offers it
 * after play. Every change is audited and purges the public caches (the video page links the track).
 */
export function createCaptions({
  sqlite,
  clock,
  caches,
  audit,
}: {
  sqlite: Database.Database;
  clock: Clock;
  caches: PublicCaches;
  audit: AuditLog;
}) {
  const videoExists = sqlite.prepare('SELECT 1 FROM videos WHERE id = ? AND status_id != 5').pluck();
  const current = sqlite.prepare('SELECT lang, length(vtt) AS bytes FROM video_captions WHERE video_id = ?');
  const upsert = sqlite.prepare(
    `INSERT INTO video_captions (video_id, lang, vtt, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (video_id) DO UPDATE SET lang = excluded.lang, vtt = excluded.vtt,
       updated_at = max(excluded.updated_at, video_captions.updated_at + 1)`,
  );
  const remove = sqlite.prepare('DELETE FROM video_captions WHERE video_id = ?');

  const mustExist = (videoId: number) => {
    if (!videoExists.get(videoId)) throw new AppError('video_not_found', { status: 404 });
  };

  return {
    set(actorId: number, videoId: number, lang: string, text: string): void {
      mustExist(videoId);
      if (!LANG.test(lang)) throw new AppError('invalid_captions', { field: 'lang', info: 'lang' });
      const checked = checkWebVtt(text);
      if ('error' in checked)
        throw new AppError('invalid_captions', { field: 'vtt', info: checked.error, message: checked.error });
      sqlite.transaction(() => {
        const before = current.get(videoId) ?? null;
        upsert.run(videoId, lang, checked.vtt, clock.now());
        audit.record({
          actorId,
          action: 'captions.set',
          targetType: 'video',
          targetId: videoId,
          before,
          after: { lang, bytes: Buffer.byteLength(checked.vtt, 'utf8') },
        });
      })();
      caches.purge();
    },

    remove(actorId: number, videoId: number): boolean {
      mustExist(videoId);
      const removed = sqlite.transaction(() => {
        const before = current.get(videoId);
        if (!before) return false;
        remove.run(videoId);
        audit.record({ actorId, action: 'captions.remove', targetType: 'video', targetId: videoId, before });
        return true;
      })();
      if (removed) caches.purge();
      return removed;
    },
  };
}

export type Captions = ReturnType<typeof createCaptions>;
