import { z } from 'zod';
import { SUBSCRIBE_SECTIONS } from '../../services/community/subscribe.service';
import { memberProcedure, router } from '../trpc';

const id = z.number().int().positive();

/** The signed-in member's own state, for the buttons and modals of member actions. */
export const meRouter = router({
  /** The add-to modal: the member's playlists and whether each already holds the video. */
  playlists: memberProcedure
    .input(z.object({ videoId: id.optional() }))
    .query(({ ctx, input }) => ctx.services.playlistEdit.mine(ctx.memberId, input.videoId ?? null)),

  /** Pressed states on a video page: which lists hold it, and whether its uploader is subscribed. */
  videoState: memberProcedure
    .input(z.object({ videoId: id, uploaderId: id.nullable() }))
    .query(async ({ ctx, input }) => ({
      lists: await ctx.services.lists.listsHolding(ctx.memberId, input.videoId),
      subscribed: input.uploaderId
        ? await ctx.services.subscribe.isSubscribed(ctx.memberId, 'member', input.uploaderId)
        : false,
    })),

  subscribed: memberProcedure
    .input(z.object({ section: z.enum(SUBSCRIBE_SECTIONS), id }))
    .query(({ ctx, input }) => ctx.services.subscribe.isSubscribed(ctx.memberId, input.section, input.id)),

  /** me → another member: 'none', 'sent', 'received' or 'friends'. */
  friendship: memberProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => ctx.services.friends.relation(ctx.memberId, input.id)),

  /** Where the member stopped watching a video (the player asks after load; never in cached HTML). */
  position: memberProcedure.input(z.object({ videoId: id })).query(async ({ ctx, input }) => ({
    position: await ctx.services.player.position(ctx.memberId, input.videoId),
  })),

  /** Sent by the player while it plays, on pause and on leaving; near either end it clears the position. */
  savePosition: memberProcedure
    .input(z.object({ videoId: id, position: z.number().finite().min(0).max(86_400) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.limits.hit(['position', ctx.memberId]);
      return ctx.services.player.savePosition(ctx.memberId, input.videoId, input.position);
    }),

  unread: memberProcedure.query(({ ctx }) => ctx.services.messages.unreadCount(ctx.memberId)),

  /** What the header shows a member on every page: their avatar and the two unread counts. */
  badges: memberProcedure.query(async ({ ctx }) => ({
    messages: await ctx.services.messages.unreadCount(ctx.memberId),
    notifications: await ctx.services.notifications.unread(ctx.memberId),
    avatar: await ctx.services.profiles.avatarOf(ctx.memberId),
  })),

  /** Friend requests others sent the member (the friends tab shows them to the owner). */
  friendRequests: memberProcedure.query(({ ctx }) => ctx.services.friends.incoming(ctx.memberId)),

  /** Moderation decisions (upload approved, rejected, taken down…) for /add-video/, translated by the page. */
  notifications: memberProcedure.query(async ({ ctx }) => {
    const items = await ctx.services.notifications.decisions(ctx.memberId);
    return { items, unread: items.filter((n) => n.unread).length };
  }),

  readNotifications: memberProcedure.mutation(async ({ ctx }) => {
    await ctx.services.notifications.markDecisionsRead(ctx.memberId);
    return { ok: true };
  }),

  conversations: memberProcedure.query(({ ctx }) => ctx.services.messages.conversations(ctx.memberId)),

  /** One page of the conversation with another member (page 1 the latest); reading marks it read. */
  conversation: memberProcedure
    .input(z.object({ with: id, page: z.number().int().min(1).max(10_000).default(1) }))
    .query(async ({ ctx, input }) => ({
      member: await ctx.services.profiles.get(input.with),
      messages: await ctx.services.messages.conversation(ctx.memberId, input.with, input.page),
    })),
});
