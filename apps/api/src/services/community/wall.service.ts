import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { checkLength } from '../auth/account-rules';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { WallPost } from './community.dto';

export const WALL_POST_MAX = 1000;

export const WALL_PAGE_SIZE = 10;
export type WallSection = 'model' | 'member';

interface Row {
  id: number;
  body: string;
  created_at: number;
  author_id: number;
  name: string;
  avatar: string | null;
}

/** Model and member walls: posts newest first, WALL_PAGE_SIZE per page. */
export function createWallService({
  sqlite,
  clock,
  notifications,
}: {
  sqlite: Database.Database;
  clock: Clock;
  notifications: Pick<Notifications, 'fromMember'>;
}) {
  const pageRows = sqlite.prepare(
    `SELECT w.id, w.body, w.created_at, m.id AS author_id, m.name, m.avatar
     FROM wall_posts w JOIN members m ON m.id = w.author_id
     WHERE w.section = ? AND w.object_id = ? AND w.is_deleted = 0 AND m.status IN ('active', 'deleted')
     ORDER BY w.created_at DESC, w.id DESC LIMIT ? OFFSET ?`,
  );
  const count = sqlite
    .prepare(
      `SELECT count(*) FROM wall_posts w JOIN members m ON m.id = w.author_id
       WHERE w.section = ? AND w.object_id = ? AND w.is_deleted = 0 AND m.status IN ('active', 'deleted')`,
    )
    .pluck();

  return {
    page(section: WallSection, objectId: number, page: number): Listing<WallPost> {
      const total = Number(count.get(section, objectId));
      const offset = (page - 1) * WALL_PAGE_SIZE;
      const rows = offset < total ? (pageRows.all(section, objectId, WALL_PAGE_SIZE, offset) as Row[]) : [];
      return {
        items: rows.map((w) => ({
          id: w.id,
          body: w.body,
          createdAt: w.created_at,
          author: { id: w.author_id, name: w.name, avatar: w.avatar },
        })),
        totalCount: total,
        page,
        pages: Math.ceil(total / WALL_PAGE_SIZE),
      };
    },

    /** A post on a member's or model's wall, as plain text. */
    post(
      authorId: number,
      section: WallSection,
      objectId: number,
      text: string | undefined,
    ): { postId: number } {
      const body = checkLength('msg', text, 2, WALL_POST_MAX);
      const table = section === 'model' ? 'models' : 'members';
      const where = section === 'member' ? " AND status = 'active'" : '';
      if (!sqlite.prepare(`SELECT 1 FROM ${table} WHERE id = ?${where}`).get(objectId))
        throw new AppError(`${section}_not_found`, { status: 404 });
      return sqlite.transaction(() => {
        const id = sqlite
          .prepare(
            'INSERT INTO wall_posts (section, object_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)',
          )
          .run(section, objectId, authorId, body, clock.now()).lastInsertRowid;
        if (section === 'member') notifications.fromMember(authorId, objectId, 'wall_post');
        return { postId: Number(id) };
      })();
    },
  };
}

export type WallService = ReturnType<typeof createWallService>;
