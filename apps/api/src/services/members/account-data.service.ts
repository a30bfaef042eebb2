import { ratingOf } from '@vt/db';
import type Database from 'better-sqlite3';
import { deleteAlbumFiles, deleteAlbumRows } from '../albums/album-edit.service';
import type { AccountService } from '../auth/account.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { PublishService } from '../videos/publish.service';

export const COMMENT_CHOICES = ['remove', 'anonymise'] as const;
export type CommentChoice = (typeof COMMENT_CHOICES)[number];

/**
 * Who anonymised comments and wall posts are shown as: one row no one can sign in to (no password, a name
 * with symbols registration refuses) and whose profile is never shown (its status is not 'active').
 */
export const DELETED_MEMBER_NAME = '[deleted]';

const VOTED: Record<string, string> = { video: 'videos', album: 'albums' };
const COMMENTED: Record<string, string> = { video: 'videos', album: 'albums' };
const SUBSCRIBED: Record<string, string> = { member: 'members', model: 'models', channel: 'channels' };

/**
 * Account deletion and the data export (docs/decisions/0030). Deletion is immediate: nothing waits in a
 * grace period, which keeps the 30-day duty of the GDPR trivially met (docs/compliance.md).
 */
export function createAccountData({
  sqlite,
  clock,
  account,
  publish,
  caches,
  mediaDir,
}: {
  sqlite: Database.Database;
  clock: Clock;
  account: AccountService;
  publish: PublishService;
  caches: PublicCaches;
  mediaDir: string;
}) {
  const all = (query: string, ...args: unknown[]) => sqlite.prepare(query).all(...args) as never[];
  const ids = (query: string, ...args: unknown[]) =>
    sqlite
      .prepare(query)
      .pluck()
      .all(...args) as number[];

  function deletedMember(): number {
    sqlite
      .prepare(
        `INSERT OR IGNORE INTO members (name, email, password_hash, status, created_at)
         VALUES (?, 'deleted-member@invalid', NULL, 'deleted', ?)`,
      )
      .run(DELETED_MEMBER_NAME, clock.now());
    return sqlite.prepare('SELECT id FROM members WHERE name = ?').pluck().get(DELETED_MEMBER_NAME) as number;
  }

  /** Takes votes, comments and subscriptions out of the counts they were part of. */
  function uncount(memberId: number, removeComments: boolean) {
    for (const v of all('SELECT section, object_id, vote FROM votes WHERE member_id = ?', memberId) as {
      section: string;
      object_id: number;
      vote: number;
    }[]) {
      const table = VOTED[v.section];
      if (!table) continue;
      const column = v.vote === 1 ? 'likes' : 'dislikes';
      const row = sqlite
        .prepare(
          `UPDATE ${table} SET ${column} = max(0, ${column} - 1) WHERE id = ? RETURNING likes, dislikes`,
        )
        .get(v.object_id) as { likes: number; dislikes: number } | undefined;
      if (row)
        sqlite
          .prepare(`UPDATE ${table} SET rating = ? WHERE id = ?`)
          .run(ratingOf(row.likes, row.dislikes), v.object_id);
    }
    if (removeComments)
      for (const c of all(
        'SELECT section, object_id, count(*) AS n FROM comments WHERE member_id = ? AND is_deleted = 0 GROUP BY 1, 2',
        memberId,
      ) as { section: string; object_id: number; n: number }[]) {
        const table = COMMENTED[c.section];
        if (table)
          sqlite
            .prepare(`UPDATE ${table} SET comments_count = max(0, comments_count - ?) WHERE id = ?`)
            .run(c.n, c.object_id);
      }
    for (const s of all('SELECT section, object_id FROM subscriptions WHERE member_id = ?', memberId) as {
      section: string;
      object_id: number;
    }[]) {
      const table = SUBSCRIBED[s.section];
      if (table)
        sqlite
          .prepare(`UPDATE ${table} SET subscribers_count = max(0, subscribers_count - 1) WHERE id = ?`)
          .run(s.object_id);
    }
  }

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
      const videos = ids('SELECT id FROM videos WHERE uploader_id = ? AND status_id != 5', memberId);
      if (videos.length) publish.takeDown(videos);
      const albums = ids('SELECT id FROM albums WHERE uploader_id = ?', memberId);
      sqlite.transaction(() => {
        uncount(memberId, removeComments);
        if (!removeComments) {
          const ghost = deletedMember();
          sqlite.prepare('UPDATE comments SET member_id = ? WHERE member_id = ?').run(ghost, memberId);
          sqlite.prepare('UPDATE wall_posts SET author_id = ? WHERE author_id = ?').run(ghost, memberId);
        }
        // What was written to the member's own wall and page goes with the page.
        sqlite.prepare("DELETE FROM comments WHERE section = 'member' AND object_id = ?").run(memberId);
        sqlite.prepare("DELETE FROM wall_posts WHERE section = 'member' AND object_id = ?").run(memberId);
        // Subscriptions to the member or to the member's playlists have no foreign key to cascade.
        sqlite
          .prepare(
            `DELETE FROM subscriptions WHERE (section = 'member' AND object_id = ?)
               OR (section = 'playlist' AND object_id IN (SELECT id FROM playlists WHERE member_id = ?))`,
          )
          .run(memberId, memberId);
        for (const id of albums) deleteAlbumRows(sqlite, id);
        sqlite.prepare('DELETE FROM members WHERE id = ?').run(memberId);
      })();
      for (const id of albums) deleteAlbumFiles(mediaDir, id);
      caches.purge();
      return { code: 'account_deleted' };
    },

    /** Everything the member put on the site or keeps there, and nothing of others they could not see. */
    exportData(memberId: number) {
      const profile = sqlite
        .prepare(
          `SELECT id, name, email, role, status, avatar, cover, gender, birth_date, relationship, orientation,
             education, website, country, city, occupation, interests, about, private_sections, created_at,
             last_seen_at FROM members WHERE id = ?`,
        )
        .get(memberId);
      const videoList = (list: string) =>
        all(
          `SELECT l.video_id, v.title, l.added_at FROM member_lists l JOIN videos v ON v.id = l.video_id
           WHERE l.member_id = ? AND l.list = ? ORDER BY l.added_at DESC`,
          memberId,
          list,
        );
      const playlists = (
        all(
          'SELECT id, title, description, is_private, orientation, created_at, updated_at FROM playlists WHERE member_id = ?',
          memberId,
        ) as { id: number }[]
      ).map((p) => ({
        ...p,
        videos: all(
          `SELECT pv.video_id, v.title, pv.position FROM playlist_videos pv JOIN videos v ON v.id = pv.video_id
           WHERE pv.playlist_id = ? ORDER BY pv.position`,
          p.id,
        ),
      }));
      return {
        exportedAt: new Date(clock.now() * 1000).toISOString(),
        profile,
        favourites: videoList('favourites'),
        watchLater: videoList('watch_later'),
        history: all(
          `SELECT h.video_id, v.title, h.viewed_at FROM watch_history h JOIN videos v ON v.id = h.video_id
           WHERE h.member_id = ? ORDER BY h.viewed_at DESC`,
          memberId,
        ),
        subscriptions: all(
          'SELECT section, object_id, created_at FROM subscriptions WHERE member_id = ?',
          memberId,
        ),
        friends: all(
          `SELECT m.id, m.name, f.status, f.created_at FROM friends f JOIN members m ON m.id = f.friend_id
           WHERE f.member_id = ?`,
          memberId,
        ),
        playlists,
        uploads: {
          videos: all('SELECT id, title, status_id, added_at FROM videos WHERE uploader_id = ?', memberId),
          albums: all('SELECT id, title, status_id, added_at FROM albums WHERE uploader_id = ?', memberId),
        },
        comments: all(
          `SELECT id, section, object_id, comment, added_date FROM comments
           WHERE member_id = ? AND is_deleted = 0 ORDER BY added_date`,
          memberId,
        ),
        wallPosts: all(
          `SELECT id, section, object_id, body, created_at FROM wall_posts
           WHERE author_id = ? AND is_deleted = 0 ORDER BY created_at`,
          memberId,
        ),
        // Both sides of the member's own conversations, minus what the member deleted.
        messages: all(
          `SELECT msg.id, msg.from_id, f.name AS from_name, msg.to_id, t.name AS to_name, msg.body,
             msg.created_at, msg.read_at
           FROM messages msg JOIN members f ON f.id = msg.from_id JOIN members t ON t.id = msg.to_id
           WHERE (msg.from_id = ? AND msg.deleted_by_sender = 0) OR (msg.to_id = ? AND msg.deleted_by_recipient = 0)
           ORDER BY msg.created_at`,
          memberId,
          memberId,
        ),
      };
    },
  };
}

export type AccountData = ReturnType<typeof createAccountData>;
