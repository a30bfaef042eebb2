import { AppError } from '../../lib/app-error';
import { auditRow } from '../audit/audit-entry';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
import type { ProvenanceRepository } from './provenance.repository';
import {
  isEmptyProvenance,
  missingFields,
  type Provenance,
  type ProvenanceField,
  type ProvenanceInput,
  parseProvenance,
  type RecordsBasis,
  recordsBasis,
} from './provenance-rules';

/** Statuses an uploader may still change the record in: nobody has approved the video yet. */
const UPLOADER_EDITABLE = new Set([2, 3]);
const PUBLIC = new Set([1, 7]);

/** What the video page and the per-video 2257 statement show. */
export interface PublicProvenance {
  record: Provenance | null;
  basis: RecordsBasis;
}

/** A moderator's view of one video's record: the record, and what the approval rule finds missing. */
export interface StaffProvenance {
  record: Provenance | null;
  missing: ProvenanceField[];
  required: boolean;
}

/**
 * Provenance records (ADR 0036): one per video, in video_provenance, with the year and decade copied to
 * videos for the listings. Uploaders set it until approval; after that only moderators change it, audited.
 */
export function createProvenance({
  repo,
  clock,
  caches,
  required,
}: {
  repo: ProvenanceRepository;
  clock: Clock;
  caches: PublicCaches;
  /** The operator's PROVENANCE_REQUIRED: approval needs a complete record. */
  required: boolean;
}) {
  const currentYear = () => new Date(clock.now() * 1000).getUTCFullYear();
  const get = (videoId: number): Promise<Provenance | null> => repo.get(videoId);

  /** Writes (or, when every field is blank, removes) the record; the year and decade follow on videos. */
  const write = (videoId: number, p: Provenance, actorId: number | null) =>
    repo.write({ videoId, record: isEmptyProvenance(p) ? null : p, actorId, now: clock.now() });

  /** "Not yours" answers exactly as "not found". */
  const ownVideo = async (memberId: number, videoId: number) => {
    const v = await repo.video(videoId);
    if (!v || v.uploader_id !== memberId || v.status_id === 5)
      throw new AppError('video_not_found', { status: 404, message: 'Video not found' });
    return v;
  };

  const parse = (input: ProvenanceInput) => parseProvenance(input, currentYear());

  return {
    parse,
    get,

    /** For visitors: only what the caller already shows (a public video); the 2257 basis beside it. */
    async forPage(videoId: number): Promise<PublicProvenance> {
      const record = await get(videoId);
      return { record, basis: recordsBasis(record) };
    },

    async forStaff(videoId: number): Promise<StaffProvenance> {
      const record = await get(videoId);
      return { record, missing: missingFields(record), required };
    },

    /** The record an upload carried, written when ingest creates its video (already validated). */
    async fromUpload(videoId: number, p: Provenance | undefined, uploaderId: number): Promise<void> {
      if (p && !isEmptyProvenance(p)) await write(videoId, p, uploaderId);
    },

    /** The uploader's own video's record and whether they may still change it; not theirs: not found. */
    async ownRecord(
      memberId: number,
      videoId: number,
    ): Promise<{ record: Provenance | null; editable: boolean }> {
      const v = await ownVideo(memberId, videoId);
      return { record: await get(videoId), editable: UPLOADER_EDITABLE.has(v.status_id) };
    },

    /**
     * An uploader's own video, while it waits for its first approval. "Not yours" answers as "not found";
     * an approved video's record is the moderators' (ADR 0036): `provenance_locked`.
     */
    async setByUploader(memberId: number, videoId: number, input: ProvenanceInput): Promise<Provenance> {
      const v = await ownVideo(memberId, videoId);
      if (!UPLOADER_EDITABLE.has(v.status_id))
        throw new AppError('provenance_locked', { status: 409, message: 'Ask a moderator to change this' });
      const p = parse(input);
      await write(videoId, p, memberId);
      return p;
    },

    /** A moderator's change, audited with the record before and after (one transaction); public pages are purged. */
    async setByModerator(actorId: number, videoId: number, input: ProvenanceInput): Promise<Provenance> {
      const v = await repo.video(videoId);
      if (!v) throw new AppError('video_not_found', { status: 404, message: 'Video not found' });
      const p = parse(input);
      const before = await get(videoId);
      const now = clock.now();
      const after = isEmptyProvenance(p) ? null : p;
      await repo.write({
        videoId,
        record: after,
        actorId,
        now,
        audit: auditRow(
          { actorId, action: 'provenance.set', targetType: 'video', targetId: videoId, before, after },
          now,
        ),
      });
      if (PUBLIC.has(v.status_id)) await caches.purge();
      return p;
    },

    /**
     * The approval rule: with PROVENANCE_REQUIRED, every video about to be approved needs a complete
     * record. Refuses the whole decision, naming the first video and what it lacks.
     */
    async assertApprovable(videoIds: readonly number[]): Promise<void> {
      if (!required) return;
      for (const id of videoIds) {
        const missing = missingFields(await get(id));
        if (missing.length > 0)
          throw new AppError('provenance_required', {
            status: 409,
            info: { videoId: id, missing },
            message: 'A complete provenance record is required before approval',
          });
      }
    },
  };
}

export type ProvenanceService = ReturnType<typeof createProvenance>;
