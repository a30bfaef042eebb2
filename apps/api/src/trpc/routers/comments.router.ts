import { z } from 'zod';
import { COMMENTS_MAX_PAGE } from '../../services/community/comment.service';
import { COMMENT_SECTIONS } from '../../services/community/community.dto';
import { publicProcedure, router } from '../trpc';

export const commentsRouter = router({
  /** One page of comments (10), newest first. */
  list: publicProcedure
    .input(
      z.object({
        section: z.enum(COMMENT_SECTIONS),
        objectId: z.number().int().positive(),
        page: z.number().int().min(1).max(COMMENTS_MAX_PAGE).default(1),
      }),
    )
    .query(({ ctx, input }) => ctx.services.comments.list(input.section, input.objectId, input.page)),
});
