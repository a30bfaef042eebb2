import type { MediaStore } from '../../media-store/media-store';
import { deleteAlbumFiles } from '../albums/album-edit.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { PublishService } from '../videos/publish.service';
import type { AccountDataRepository } from './account-data.repository';

export const COMMENT_CHOICES = ['remove', 'anonymise'] as const;
export type CommentChoice = (typeof COMMENT_CHOICES)[number];

/**
 * Account deletion and the data export (docs/decisions/0030). Deletion is immediate: nothing waits in a
 * grace period, which keeps the 30-day duty of the GDPR trivially met (docs/compliance.md).
 * Anonymised comments and wall posts are shown as "[deleted]": one row no one can sign in to (no
 * password, a name with symbols registration refuses) and whose profile is never shown (its status is not
 * 'active').
 */
export function createAccountData({
  repo,
  clock,
  account,
  publish,
  caches,
  media,
}: {
  repo: AccountDataRepository;
  clock: Clock;
  /** auth/account.service.ts: throws unless the password is the member's. */
  account: { proven(memberId: number, password: string | undefined, field?: string): Promise<unknown> };
  publish: PublishService;
  caches: PublicCaches;
  /** Where albums' photos live: the media directory, or the bucket (S3 mode). */
  media: MediaStore;
}) {
  return {
    /**
     * Deletes the account now, after the password: the member's uploads leave the site (videos as a takedown,
     * albums with their files), comments and wall posts are removed or kept under "[deleted]", and the rest
     * (lists, playlists, friends, messages, votes, subscriptions, sessions) goes with the member's row.
     */
    async deleteAccount(memberId: number, input: { pwd?: string; comments?: CommentChoice }) {
      await account.proven(memberId, input.pwd, 'pwd');
      const removeComments = input.comments !== 'anonymise';
      // Videos go like a takedown: out of every listing, search and cache, their media links dead at once.
      const videos = await repo.liveVideosOf(memberId);
      if (videos.length) await publish.takeDown(videos);
      const albums = await repo.albumsOf(memberId);
      await repo.deleteMember(memberId, { removeComments, albums, now: clock.now() });
      for (const id of albums) await deleteAlbumFiles(media, id);
      await caches.purge();
      return { code: 'account_deleted' };
    },

    /** Everything the member put on the site or keeps there, and nothing of others they could not see. */
    async exportData(memberId: number) {
      const [profile, favourites, watchLater, history, subscriptions, friends, playlists] = await Promise.all(
        [
          repo.profile(memberId),
          repo.favourites(memberId),
          repo.watchLater(memberId),
          repo.history(memberId),
          repo.subscriptions(memberId),
          repo.friends(memberId),
          repo.playlists(memberId),
        ],
      );
      const [videos, albums, comments, wallPosts, messages] = await Promise.all([
        repo.uploadedVideos(memberId),
        repo.uploadedAlbums(memberId),
        repo.comments(memberId),
        repo.wallPosts(memberId),
        repo.messages(memberId),
      ]);
      return {
        exportedAt: new Date(clock.now() * 1000).toISOString(),
        profile,
        favourites,
        watchLater,
        history,
        subscriptions,
        friends,
        playlists,
        uploads: { videos, albums },
        comments,
        wallPosts,
        messages,
      };
    },
  };
}

export type AccountData = ReturnType<typeof createAccountData>;
