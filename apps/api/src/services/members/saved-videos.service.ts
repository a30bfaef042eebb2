import { AppError } from '../../lib/app-error';
import type { Clock } from '../shared/clock';
import { videoNotFound } from '../shared/errors';
import type { SavedVideosRepository } from './saved-videos.repository';

export type MemberList = 'favourites' | 'watch_later';

/** Favourites and watch later: add once ('already in ...'), remove your own entries. */
export function createMemberListsService({ saved, clock }: { saved: SavedVideosRepository; clock: Clock }) {
  return {
    async add(memberId: number, list: MemberList, videoId: number): Promise<{ code: string }> {
      if (!(await saved.listedVideo(videoId))) throw videoNotFound();
      if (!(await saved.addToList(memberId, list, videoId, clock.now())))
        throw new AppError(`already_in_${list}`, {
          status: 409,
          message:
            list === 'favourites'
              ? 'The video is already in your favourites'
              : 'The video is already in watch later',
        });
      return { code: `${list}_added` };
    },

    async remove(memberId: number, list: MemberList, videoId: number): Promise<{ code: string }> {
      await saved.removeFromList(memberId, list, videoId);
      return { code: `${list}_removed` };
    },

    /** Which of the member's lists hold the video (for the buttons' pressed state). */
    listsHolding(memberId: number, videoId: number): Promise<MemberList[]> {
      return saved.listsHolding(memberId, videoId);
    },
  };
}

export type MemberListsService = ReturnType<typeof createMemberListsService>;
