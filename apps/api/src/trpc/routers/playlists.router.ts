import { z } from 'zod';
import { MOVE_DIRECTIONS } from '../../lib/reorder';
import { PLAYLIST_SORTS } from '../../services/playlists/playlist.service';
import { cardListing } from '../../services/videos/video-card';
import { MAX_PAGE, unfilteredQuery } from '../../services/videos/video-listing.service';
import { memberProcedure, publicProcedure, router } from '../trpc';

const id = z.number().int().positive();
const page = z.number().int().min(1).max(MAX_PAGE);

export const playlistsRouter = router({
  list: publicProcedure
    .input(
      z.object({
        sort: z.enum(PLAYLIST_SORTS),
        page,
        count: z.number().int().min(1).max(100).default(60),
        memberId: id.optional(),
      }),
    )
    .query(({ ctx, input }) =>
      ctx.services.playlists.list({
        ...input,
        gender: ctx.gender,
        includePrivate: input.memberId !== undefined && input.memberId === ctx.viewer.memberId,
      }),
    ),

  /** The playlist and one page of its videos; 403 playlist_private for others' private playlists. */
  page: publicProcedure
    .input(z.object({ id, page, count: z.number().int().min(1).max(100).default(60) }))
    .query(async ({ ctx, input }) => {
      const playlist = await ctx.services.playlists.get(input.id, ctx.viewer.memberId);
      const videos = await ctx.services.listing.list(
        unfilteredQuery({
          gender: ctx.gender,
          count: input.count,
          page: input.page,
          target: { section: 'playlist', playlistId: input.id },
        }),
      );
      return { playlist, videos: cardListing(videos) };
    }),

  /** The owner moves a video one place up or down; others' playlists answer playlist_not_found. */
  move: memberProcedure
    .input(z.object({ playlistId: id, videoId: id, direction: z.enum(MOVE_DIRECTIONS) }))
    .mutation(({ ctx, input }) =>
      ctx.services.playlistEdit.move(ctx.memberId, input.playlistId, input.videoId, input.direction),
    ),
});
