import { AppError } from '../../lib/app-error';
import type { Clock } from '../shared/clock';
import type { VotedTable, VotesRepository } from './votes.repository';

export const VOTE_SECTIONS = ['video', 'album'] as const;
export type VoteSection = (typeof VOTE_SECTIONS)[number];

const TABLE: Record<VoteSection, VotedTable> = { video: 'videos', album: 'albums' };

/** One vote per member and object (1 like, 0 dislike); the stored rating is recomputed at once. */
export function createVotesService({ votes, clock }: { votes: VotesRepository; clock: Clock }) {
  return {
    async vote(memberId: number, section: VoteSection, objectId: number, vote: 0 | 1) {
      const table = TABLE[section];
      if (!(await votes.votable(table, objectId)))
        throw new AppError(`${section}_not_found`, { status: 404 });
      const counted = await votes.vote({ table, section, objectId, memberId, vote, now: clock.now() });
      if (!counted) throw new AppError('already_voted', { status: 409, message: 'You have already voted' });
      return { code: 'vote_success', ...counted };
    },
  };
}

export type VotesService = ReturnType<typeof createVotesService>;
