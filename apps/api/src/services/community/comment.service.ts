import { AppError } from '../../lib/app-error';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import { checkLength } from '../shared/field-rules';
import type { VideoVersions } from '../videos/video-versions.service';
import type { CommentedTable, CommentsRepository } from './comments.repository';
import type { CommentItem, CommentSection } from './community.dto';

/** Spec §5: a comment is at least 5 characters. */
export const COMMENT_MIN = 5;
export const COMMENT_MAX = 1000;
const COUNTED: Partial<Record<CommentSection, CommentedTable>> = { video: 'videos', album: 'albums' };

/** Spec §9: comments 10 per page. */
export const COMMENTS_PAGE_SIZE = 10;
export const COMMENTS_MAX_PAGE = 10_000;

const NOT_FOUND_MESSAGES: Record<CommentSection, string> = {
  video: 'Video not found',
  album: 'Album not found',
  model: 'Model not found',
  member: 'Member not found',
};

/**
 * Read side of comments on videos, albums, models and members: newest first, deleted ones left out,
 * each joined with its author's name and avatar. Posting comes with the members issue.
 */
export function createCommentService({
  comments,
  clock,
  notifications,
  versions,
}: {
  comments: CommentsRepository;
  clock: Clock;
  notifications: Pick<Notifications, 'within'>;
  /** A canonical video's comments are those of its whole version group (ADR 0035). */
  versions?: Pick<VideoVersions, 'listedGroupIds'>;
}) {
  // The comments of something visitors cannot see do not exist for them either ("not yours" is "not found").
  const assertVisible = async (section: CommentSection, objectId: number) => {
    if (!(await comments.visible(section, objectId)))
      throw new AppError(`${section}_not_found`, { status: 404, message: NOT_FOUND_MESSAGES[section] });
  };

  return {
    /** One page of an object's comments; throws `{section}_not_found` (404) for an object visitors cannot see. */
    async list(section: CommentSection, objectId: number, pageNo = 1): Promise<Listing<CommentItem>> {
      await assertVisible(section, objectId);
      // A version group's comments, shown together on the canonical page; each stays on its own video. A
      // visible video is a listed one (comments.visible), so the group needs no second look at that.
      const group = section === 'video' && versions ? await versions.listedGroupIds(objectId) : [objectId];
      const total = await comments.count(section, group);
      const offset = (pageNo - 1) * COMMENTS_PAGE_SIZE;
      const rows = offset < total ? await comments.page(section, group, COMMENTS_PAGE_SIZE, offset) : [];
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
    async post(
      memberId: number,
      section: CommentSection,
      objectId: number,
      text: string | undefined,
    ): Promise<{ commentId: number }> {
      const comment = checkLength('msg', text, COMMENT_MIN, COMMENT_MAX);
      await assertVisible(section, objectId);
      const table = COUNTED[section];
      const commentId = await comments.transaction(async (tx, layer) => {
        const id = await tx.insert({ section, objectId, memberId, comment, now: clock.now() });
        if (!table) {
          // Models have no owner to tell; a member's profile tells the member.
          if (section === 'member')
            await notifications.within(layer).fromMember(memberId, objectId, 'wall_post', { on: 'profile' });
          return id;
        }
        await tx.counted(table, objectId);
        const o = await tx.owner(table, objectId);
        if (o?.owner)
          await notifications
            .within(layer)
            .fromMember(memberId, o.owner, section === 'video' ? 'comment_video' : 'comment_album', {
              id: o.id,
              dir: o.dir,
              title: o.title,
            });
        return id;
      });
      return { commentId };
    },
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
