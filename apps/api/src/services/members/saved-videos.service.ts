import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../shared/clock';
import { videoNotFound } from '../shared/errors';

export type MemberList = 'favourites' | 'watch_later';

/** Favourites and watch later: add once ('already in ...'), remove your own entries. */
export function createMemberListsService({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const activeVideo = sqlite
    .prepare('SELECT 1 FROM videos WHERE id = ? AND status_id = 1 AND is_private = 0')
    .pluck();
  const insert = sqlite.prepare(
    'INSERT OR IGNORE INTO member_lists (member_id, list, video_id, added_at) VALUES (?, ?, ?, ?)',
  );
  const remove = sqlite.prepare('DELETE FROM member_lists WHERE member_id = ? AND list = ? AND video_id = ?');
  const has = sqlite.prepare('SELECT list FROM member_lists WHERE member_id = ? AND video_id = ?').pluck();

  return {
    add(memberId: number, list: MemberList, videoId: number): { code: string } {
      if (!activeVideo.get(videoId)) throw videoNotFound();
      if (insert.run(memberId, list, videoId, clock.now()).changes === 0)
        throw new AppError(`already_in_${list}`, {
          status: 409,
          message:
            list === 'favourites'
              ? 'The video is already in your favourites'
              : 'The video is already in watch later',
        });
      return { code: `${list}_added` };
    },

    remove(memberId: number, list: MemberList, videoId: number): { code: string } {
      remove.run(memberId, list, videoId);
      return { code: `${list}_removed` };
    },

    /** Which of the member's lists hold the video (for the buttons' pressed state). */
    listsHolding(memberId: number, videoId: number): MemberList[] {
      return has.all(memberId, videoId) as MemberList[];
    },
  };
}

export type MemberListsService = ReturnType<typeof createMemberListsService>;
