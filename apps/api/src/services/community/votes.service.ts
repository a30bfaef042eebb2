import { ratingOf } from '@vt/db';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../shared/clock';

export const VOTE_SECTIONS = ['video', 'album'] as const;
export type VoteSection = (typeof VOTE_SECTIONS)[number];

const TABLE: Record<VoteSection, string> = { video: 'videos', album: 'albums' };

/** One vote per member and object (1 like, 0 dislike); the stored rating is recomputed at once. */
export function createVotesService({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  return {
    vote(memberId: number, section: VoteSection, objectId: number, vote: 0 | 1) {
      const table = TABLE[section];
      const target = sqlite
        .prepare(`SELECT likes, dislikes FROM ${table} WHERE id = ? AND status_id = 1 AND is_private = 0`)
        .get(objectId) as { likes: number; dislikes: number } | undefined;
      if (!target) throw new AppError(`${section}_not_found`, { status: 404 });
      return sqlite.transaction(() => {
        const r = sqlite
          .prepare(
            'INSERT OR IGNORE INTO votes (section, object_id, member_id, vote, created_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(section, objectId, memberId, vote, clock.now());
        if (r.changes === 0)
          throw new AppError('already_voted', { status: 409, message: 'You have already voted' });
        const likes = target.likes + vote;
        const dislikes = target.dislikes + (1 - vote);
        const rating = ratingOf(likes, dislikes);
        sqlite
          .prepare(`UPDATE ${table} SET likes = ?, dislikes = ?, rating = ? WHERE id = ?`)
          .run(likes, dislikes, rating, objectId);
        return { code: 'vote_success', likes, dislikes, rating };
      })();
    },
  };
}

export type VotesService = ReturnType<typeof createVotesService>;
