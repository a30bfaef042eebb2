import { AppError } from '../../lib/app-error';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import { checkLength } from '../shared/field-rules';
import type { WallPost } from './community.dto';
import type { WallRepository, WallSection } from './wall.repository';

export const WALL_POST_MAX = 1000;

export const WALL_PAGE_SIZE = 10;

/** Model and member walls: posts newest first, WALL_PAGE_SIZE per page. */
export function createWallService({
  wall,
  clock,
  notifications,
}: {
  wall: WallRepository;
  clock: Clock;
  notifications: Pick<Notifications, 'within'>;
}) {
  return {
    async page(section: WallSection, objectId: number, page: number): Promise<Listing<WallPost>> {
      const total = await wall.count(section, objectId);
      const offset = (page - 1) * WALL_PAGE_SIZE;
      const rows = offset < total ? await wall.page(section, objectId, WALL_PAGE_SIZE, offset) : [];
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
    async post(
      authorId: number,
      section: WallSection,
      objectId: number,
      text: string | undefined,
    ): Promise<{ postId: number }> {
      const body = checkLength('msg', text, 2, WALL_POST_MAX);
      if (!(await wall.exists(section, objectId)))
        throw new AppError(`${section}_not_found`, { status: 404 });
      const postId = await wall.transaction(async (tx, layer) => {
        const id = await tx.insert({ section, objectId, authorId, body, now: clock.now() });
        if (section === 'member')
          await notifications.within(layer).fromMember(authorId, objectId, 'wall_post');
        return id;
      });
      return { postId };
    },
  };
}

export type WallService = ReturnType<typeof createWallService>;
