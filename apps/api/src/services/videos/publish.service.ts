import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { PublishRepository, WithChange } from './publish.repository';
import type { VideoListing } from './video-listing.service';

/**
 * What visitors can see: the one place that lists, takes down or hides videos and albums. Every change
 * refreshes the counters listings use, queues the search index and purges every cached answer (listings,
 * the video's JSON, related videos, sitemaps), so the change is visible on the next request.
 */
export function createPublishService({
  repo,
  clock,
  listing,
  caches,
  queueIndex,
  originals,
}: {
  repo: PublishRepository;
  clock: Clock;
  listing: VideoListing;
  caches: PublicCaches;
  queueIndex: (ids: readonly number[]) => Promise<void>;
  /** Removes an uploaded original (the uploads directory, or the bucket in S3 mode), unless they stay after approval. */
  originals: { remove: (uploadId: string) => Promise<void>; keep: boolean };
}) {
  /** After any change of what is listed: counters, totals, search and every cache. */
  async function changed(videoIds: readonly number[], uploaderIds: readonly number[]) {
    await repo.recountUploaders(uploaderIds);
    listing.invalidateCounts();
    if (videoIds.length) await queueIndex(videoIds);
    await caches.purge();
  }

  /**
   * The original was kept for moderators (a restoration re-run, ADR 0039) until their decision; the
   * processed media is what the site serves. Deletion frees it in the media.free job.
   */
  async function freeOriginals(videoIds: readonly number[]) {
    if (originals.keep) return;
    for (const id of videoIds)
      for (const upload of await repo.originalsOf(id)) await originals.remove(upload);
  }

  const service = {
    /** Pending → active, for each processed, pending video; returns the ids that were approved. */
    async approve(videoIds: readonly number[], then?: WithChange): Promise<number[]> {
      const done = await repo.approve(videoIds, clock.now(), then);
      if (done.length) await changed(done, await repo.uploadersOf(done));
      await freeOriginals(done);
      return done;
    },

    /** Pending (or failed) → rejected with a reason; nothing public changes. */
    async reject(videoIds: readonly number[], reason: string, then?: WithChange): Promise<number[]> {
      const done = await repo.reject(videoIds, reason, then);
      await freeOriginals(done);
      return done;
    },

    /** Any state → deleted (status 5): its page shows 'Video has been recently deleted'. */
    async takeDown(videoIds: readonly number[]): Promise<number[]> {
      const ups = await repo.uploadersOf(videoIds);
      const done = await repo.takeDown(videoIds);
      if (done.length) await changed(done, ups);
      await freeOriginals(done);
      return done;
    },

    /** Deleted (status 5) → the status it had before a removal that an appeal reversed (ADR 0037). */
    async restore(videoIds: readonly number[], status: number): Promise<number[]> {
      const done = await repo.restore(videoIds, status);
      if (done.length) await changed(done, await repo.uploadersOf(done));
      return done;
    },

    /**
     * A listed video's text or images changed (an approved uploader edit): the search index and every cached
     * answer that shows it are refreshed. Counters and totals stay, since nothing entered or left a listing.
     */
    async revised(videoIds: readonly number[]): Promise<void> {
      if (!videoIds.length) return;
      await queueIndex(videoIds);
      // Totals too: a version grouped or ungrouped (ADR 0035) leaves or joins the browsing listings, and an
      // uploader's edit may have moved the video between categories (publish.repository's retagVideo).
      listing.invalidateCounts();
      await caches.purge();
    },

    /** A pending album with photos → listed. */
    async approveAlbums(albumIds: readonly number[], then?: WithChange): Promise<number[]> {
      const done = await repo.approveAlbums(albumIds, clock.now(), then);
      if (done.length) await changed([], []);
      return done;
    },

    rejectAlbums: (albumIds: readonly number[], reason: string, then?: WithChange): Promise<number[]> =>
      repo.rejectAlbums(albumIds, reason, then),

    /** A suspended uploader's listed videos and albums are hidden (7), to come back if the ban is lifted. */
    hideUploader: (memberId: number) => setUploaderContent(memberId, 1, 7),

    restoreUploader: (memberId: number) => setUploaderContent(memberId, 7, 1),

    /** Whether an uploaded video's or album's media may be shown to everyone, and whose it is. */
    async visibility(
      kind: 'video' | 'album',
      id: number,
    ): Promise<{ listed: boolean; uploaderId: number | null } | null> {
      const r = await repo.visibilityOf(kind, id);
      // Quarantined (ADR 0034): nobody, staff and uploader included, gets its media.
      if (!r || (kind === 'video' && r.status_id === 8)) return null;
      return { listed: r.status_id === 1, uploaderId: r.uploader_id };
    },

    /** Single-item forms kept for the upload flow's callers. */
    approveOne: async (videoId: number) => (await service.approve([videoId])).length > 0,
    approveAlbum: async (albumId: number) => (await service.approveAlbums([albumId])).length > 0,
  };

  async function setUploaderContent(memberId: number, from: number, to: number) {
    const result = await repo.setUploaderContent(memberId, from, to);
    await changed(result.videos, [memberId]);
    return result;
  }

  return service;
}

export type PublishService = ReturnType<typeof createPublishService>;
