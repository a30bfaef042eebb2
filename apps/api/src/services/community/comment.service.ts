import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { checkLength } from '../auth/account-rules';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { VideoVersions } from '../videos/video-versions.service';
import type { CommentItem, CommentSection } from './community.dto';

/** Spec §5: a comment is at least 5 characters. */
export const COMMENT_MIN = 5;
export const COMMENT_MAX = 1000;
const COUNTED: Partial<Record<CommentSection, string>> = { video: 'videos', album: 'albums' };

/** Spec §9: comments 10 per page. */
export const COMMENTS_PAGE_SIZE = 10;
export const COMMENTS_MAX_PAGE = 10_000;

const NOT_FOUND_MESSAGES: Record<CommentSection, string> = {
  video: 'Video not found',
  album: 'Album not found',
  model: 'Model not found',
  member: 'Member not found',
};

interface CommentRow {
  id: number;
  comment: string;
  added_date: number;
  member_id: number;
  name: string;
  avatar: string | null;
}

/**
 * Read side of comments on videos, albums, models and members: newest first, deleted ones left out,
 * each joined with its author's name and avatar. Posting comes with the members issue.
 */
export function createCommentService({
  sqlite,
  clock,
  notifications,
  versions,
}: {
  sqlite: Database.Database;
  clock: Clock;
  notifications: Pick<Notifications, 'fromMember'>;
  /** A canonical video's comments are those of its whole version group (ADR 0035). */
  versions?: Pick<VideoVersions, 'groupIds'>;
}) {
  // The comments of something visitors cannot see do not exist for them either ("not yours" is "not found").
  const visible: Record<CommentSection, Database.Statement> = {
    video: sqlite.prepare('SELECT 1 FROM videos WHERE id = ? AND status_id = 1 AND is_private = 0'),
    album: sqlite.prepare('SELECT 1 FROM albums WHERE id = ? AND status_id = 1 AND is_private = 0'),
    model: sqlite.prepare('SELECT 1 FROM models WHERE id = ?'),
    member: sqlite.prepare("SELECT 1 FROM members WHERE id = ? AND status != 'suspended'"),
  };
  // (section, object_id, added_date) index: a range walk in order; id breaks ties of the same second.
  const page = sqlite.prepare(
    `SELECT c.id, c.comment, c.added_date, m.id AS member_id, m.name, m.avatar
     FROM comments c JOIN members m ON m.id = c.member_id
     WHERE c.section = ? AND c.object_id = ? AND c.is_deleted = 0
     ORDER BY c.added_date DESC, c.id DESC LIMIT ? OFFSET ?`,
  );
  const count = sqlite
    .prepare(
      `SELECT count(*) FROM comments c JOIN members m ON m.id = c.member_id
       WHERE c.section = ? AND c.object_id = ? AND c.is_deleted = 0`,
    )
    .pluck();

  // A version group's comments, shown together on the canonical page; each stays on its own video.
  const groupPage = sqlite.prepare(
    `SELECT c.id, c.comment, c.added_date, m.id AS member_id, m.name, m.avatar
     FROM comments c JOIN members m ON m.id = c.member_id
     WHERE c.section = 'video' AND c.object_id IN (SELECT value FROM json_each(?)) AND c.is_deleted = 0
     ORDER BY c.added_date DESC, c.id DESC LIMIT ? OFFSET ?`,
  );
  const groupCount = sqlite
    .prepare(
      `SELECT count(*) FROM comments c JOIN members m ON m.id = c.member_id
       WHERE c.section = 'video' AND c.object_id IN (SELECT value FROM json_each(?)) AND c.is_deleted = 0`,
    )
    .pluck();

  // Whose object a comment is on, and what to call it (models have no owner to tell).
  const owners: Partial<Record<CommentSection, Database.Statement>> = {
    video: sqlite.prepare('SELECT uploader_id AS owner, id, dir, title FROM videos WHERE id = ?'),
    album: sqlite.prepare('SELECT uploader_id AS owner, id, dir, title FROM albums WHERE id = ?'),
  };
  const tellOwner = (memberId: number, section: CommentSection, objectId: number) => {
    if (section === 'member') {
      notifications.fromMember(memberId, objectId, 'wall_post', { on: 'profile' });
      return;
    }
    const o = owners[section]?.get(objectId) as
      | { owner: number | null; id: number; dir: string; title: string }
      | undefined;
    if (o?.owner)
      notifications.fromMember(memberId, o.owner, section === 'video' ? 'comment_video' : 'comment_album', {
        id: o.id,
        dir: o.dir,
        title: o.title,
      });
  };

  return {
    /** One page of an object's comments; throws `{section}_not_found` (404) for an object visitors cannot see. */
    list(section: CommentSection, objectId: number, pageNo = 1): Listing<CommentItem> {
      if (!visible[section].get(objectId)) {
        throw new AppError(`${section}_not_found`, { status: 404, message: NOT_FOUND_MESSAGES[section] });
      }
      const group = section === 'video' && versions ? versions.groupIds(objectId) : [objectId];
      const ids = JSON.stringify(group);
      const total = Number(group.length > 1 ? groupCount.get(ids) : count.get(section, objectId));
      const offset = (pageNo - 1) * COMMENTS_PAGE_SIZE;
      const fetch = () =>
        group.length > 1
          ? groupPage.all(ids, COMMENTS_PAGE_SIZE, offset)
          : page.all(section, objectId, COMMENTS_PAGE_SIZE, offset);
      const rows = offset < total ? (fetch() as CommentRow[]) : [];
      return {
        items: rows.map((r) => ({
          id: r.id,
          comment: r.comment,
          addedDate: r.added_date,
          member: { id: r.member_id, name: r.name, avatar: r.avatar },
        })),
        totalCount: total,
        page: pageNo,
        pages: Math.ceil(total / COMMENTS_PAGE_SIZE),
      };
    },

    /** Posts a comment as plain text (it is only ever rendered as text); keeps comments_count. */
    post(
      memberId: number,
      section: CommentSection,
      objectId: number,
      text: string | undefined,
    ): { commentId: number } {
      const comment = checkLength('msg', text, COMMENT_MIN, COMMENT_MAX);
      if (!visible[section].get(objectId)) {
        throw new AppError(`${section}_not_found`, { status: 404, message: NOT_FOUND_MESSAGES[section] });
      }
      return sqlite.transaction(() => {
        const id = sqlite
          .prepare(
            'INSERT INTO comments (section, object_id, member_id, comment, added_date) VALUES (?, ?, ?, ?, ?)',
          )
          .run(section, objectId, memberId, comment, clock.now()).lastInsertRowid;
        const table = COUNTED[section];
        if (table)
          sqlite
            .prepare(`UPDATE ${table} SET comments_count = comments_count + 1 WHERE id = ?`)
            .run(objectId);
        tellOwner(memberId, section, objectId);
        return { commentId: Number(id) };
      })();
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
