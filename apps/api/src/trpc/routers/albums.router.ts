import { ALBUM_SORTS } from '@vt/rules';
import { z } from 'zod';
import { MOVE_DIRECTIONS } from '../../lib/reorder';
import { MAX_PAGE } from '../../services/videos/video-listing.service';
import { memberProcedure, publicProcedure, router } from '../trpc';

const albumId = z.number().int().positive();
const dir = z.string().regex(/^[a-z0-9][a-z0-9-]*$/);

export const albumTargetSchema = z.discriminatedUnion('section', [
  z.object({ section: z.literal('all') }),
  z.object({ section: z.literal('categories'), dir }),
  z.object({ section: z.literal('models'), dir }),
  z.object({ section: z.literal('member'), memberId: z.number().int().positive() }),
]);

export const albumsRouter = router({
  list: publicProcedure
    .input(
      z.object({
        sort: z.enum(ALBUM_SORTS),
        page: z.number().int().min(1).max(MAX_PAGE),
        count: z.number().int().min(1).max(100).default(60),
        target: albumTargetSchema.default({ section: 'all' }),
      }),
    )
    .query(({ ctx, input }) => ctx.services.albums.list({ ...input, gender: ctx.gender })),

  /** 404 album_not_found for missing or unapproved albums, 403 no_permission for others' private ones. */
  get: publicProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(({ ctx, input }) => ctx.services.albums.get(input.id, ctx.lang, ctx.viewer.memberId)),

  /** The album page's data: the album, or the identity of a private one; 404 album_not_found. */
  page: publicProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(({ ctx, input }) => ctx.services.albums.page(input.id, ctx.lang, ctx.viewer.memberId)),

  // The uploader's own album (services/albums/album-edit.service.ts); anyone else's answers album_not_found.
  mineList: memberProcedure.query(({ ctx }) => ctx.services.albumEdit.list(ctx.memberId)),

  mine: memberProcedure
    .input(z.object({ id: albumId }))
    .query(({ ctx, input }) => ctx.services.albumEdit.get(ctx.memberId, input.id)),

  update: memberProcedure
    .input(z.object({ id: albumId, title: z.string().max(300), desc: z.string().max(5000) }))
    .mutation(({ ctx, input }) => ctx.services.albumEdit.update(ctx.memberId, input.id, input)),

  removePhoto: memberProcedure
    .input(z.object({ id: albumId, photoId: albumId }))
    .mutation(({ ctx, input }) => ctx.services.albumEdit.removePhoto(ctx.memberId, input.id, input.photoId)),

  movePhoto: memberProcedure
    .input(z.object({ id: albumId, photoId: albumId, direction: z.enum(MOVE_DIRECTIONS) }))
    .mutation(({ ctx, input }) =>
      ctx.services.albumEdit.movePhoto(ctx.memberId, input.id, input.photoId, input.direction),
    ),

  setCover: memberProcedure
    .input(z.object({ id: albumId, photoId: albumId }))
    .mutation(({ ctx, input }) => ctx.services.albumEdit.setCover(ctx.memberId, input.id, input.photoId)),

  delete: memberProcedure
    .input(z.object({ id: albumId }))
    .mutation(({ ctx, input }) => ctx.services.albumEdit.delete(ctx.memberId, input.id)),
});
