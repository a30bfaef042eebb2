import { memberProcedure, router } from '../trpc';

export const uploadsRouter = router({
  /**
   * The member's uploads with their state and processing progress (the add-video page polls it), and whether
   * an edit of the published video waits for moderation.
   */
  mine: memberProcedure.query(({ ctx }) => {
    const editPending = new Set(ctx.services.moderation.revisions.pendingVideoIds(ctx.memberId));
    return (
      ctx.services.uploads.mine(ctx.memberId) as {
        id: string;
        filename: string;
        size: number;
        received: number;
        status: string;
        error: string | null;
        videoId: number | null;
        createdAt: number;
        progress: number | null;
        stage: string | null;
        videoStatus: number | null;
        rejectReason: string | null;
        videoDir: string | null;
      }[]
    ).map((u) => ({
      ...u,
      progress: u.progress ?? 0,
      editPending: u.videoId !== null && editPending.has(u.videoId),
    }));
  }),
});
