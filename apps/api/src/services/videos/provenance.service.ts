import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { AuditLog } from '../audit/audit.service';
import type { Clock } from '../shared/clock';
import type { PublicCaches } from '../shared/public-caches';
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

interface Row {
  production_year: number | null;
  production_decade: number | null;
  studio: string | null;
  rights_holder: string | null;
  licence_basis: Provenance['licenceBasis'];
  original_format: Provenance['originalFormat'];
  records_ref: string | null;
}

const toProvenance = (r: Row): Provenance => ({
  year: r.production_year,
  decade: r.production_decade,
  studio: r.studio,
  rightsHolder: r.rights_holder,
  licenceBasis: r.licence_basis,
  originalFormat: r.original_format,
  recordsRef: r.records_ref,
});

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
  sqlite,
  clock,
  caches,
  audit,
  required,
}: {
  sqlite: Database.Database;
  clock: Clock;
  caches: PublicCaches;
  audit: AuditLog;
  /** The operator's PROVENANCE_REQUIRED: approval needs a complete record. */
  required: boolean;
}) {
  const byId = sqlite.prepare(
    `SELECT production_year, production_decade, studio, rights_holder, licence_basis, original_format, records_ref
     FROM video_provenance WHERE video_id = ?`,
  );
  const video = sqlite.prepare('SELECT id, status_id, uploader_id FROM videos WHERE id = ?');
  const upsert = sqlite.prepare(
    `INSERT INTO video_provenance (video_id, production_year, production_decade, studio, rights_holder,
       licence_basis, original_format, records_ref, updated_at, updated_by)
     VALUES (@videoId, @year, @decade, @studio, @rightsHolder, @licenceBasis, @originalFormat, @recordsRef, @now, @actor)
     ON CONFLICT (video_id) DO UPDATE SET production_year = excluded.production_year,
       production_decade = excluded.production_decade, studio = excluded.studio,
       rights_holder = excluded.rights_holder, licence_basis = excluded.licence_basis,
       original_format = excluded.original_format, records_ref = excluded.records_ref,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
  );
  const remove = sqlite.prepare('DELETE FROM video_provenance WHERE video_id = ?');
  const copyDate = sqlite.prepare(
    'UPDATE videos SET production_year = ?, production_decade = ? WHERE id = ?',
  );

  const currentYear = () => new Date(clock.now() * 1000).getUTCFullYear();
  const get = (videoId: number): Provenance | null => {
    const r = byId.get(videoId) as Row | undefined;
    return r ? toProvenance(r) : null;
  };

  /** Writes (or, when every field is blank, removes) the record; the year and decade follow on videos. */
  const write = sqlite.transaction((videoId: number, p: Provenance, actor: number | null) => {
    if (isEmptyProvenance(p)) remove.run(videoId);
    else upsert.run({ videoId, ...p, now: clock.now(), actor });
    copyDate.run(p.year, p.decade, videoId);
  });

  /** "Not yours" answers exactly as "not found". */
  const ownVideo = (memberId: number, videoId: number) => {
    const v = video.get(videoId) as { status_id: number; uploader_id: number | null } | undefined;
    if (!v || v.uploader_id !== memberId || v.status_id === 5)
      throw new AppError('video_not_found', { status: 404, message: 'Video not found' });
    return v;
  };

  const parse = (input: ProvenanceInput) => parseProvenance(input, currentYear());

  return {
    parse,
    get,

    /** For visitors: only what the caller already shows (a public video); the 2257 basis beside it. */
    forPage(videoId: number): PublicProvenance {
      const record = get(videoId);
      return { record, basis: recordsBasis(record) };
    },

    forStaff(videoId: number): StaffProvenance {
      const record = get(videoId);
      return { record, missing: missingFields(record), required };
    },

    /** The record an upload carried, written when ingest creates its video (already validated). */
    fromUpload(videoId: number, p: Provenance | undefined, uploaderId: number): void {
      if (p && !isEmptyProvenance(p)) write(videoId, p, uploaderId);
    },

    /** The uploader's own video's record and whether they may still change it; not theirs: not found. */
    ownRecord(memberId: number, videoId: number): { record: Provenance | null; editable: boolean } {
      const v = ownVideo(memberId, videoId);
      return { record: get(videoId), editable: UPLOADER_EDITABLE.has(v.status_id) };
    },

    /**
     * An uploader's own video, while it waits for its first approval. "Not yours" answers as "not found";
     * an approved video's record is the moderators' (ADR 0036): `provenance_locked`.
     */
    setByUploader(memberId: number, videoId: number, input: ProvenanceInput): Provenance {
      const v = ownVideo(memberId, videoId);
      if (!UPLOADER_EDITABLE.has(v.status_id))
        throw new AppError('provenance_locked', { status: 409, message: 'Ask a moderator to change this' });
      const p = parse(input);
      write(videoId, p, memberId);
      return p;
    },

    /** A moderator's change, audited with the record before and after; public pages are purged. */
    setByModerator(actorId: number, videoId: number, input: ProvenanceInput): Provenance {
      const v = video.get(videoId) as { status_id: number } | undefined;
      if (!v) throw new AppError('video_not_found', { status: 404, message: 'Video not found' });
      const p = parse(input);
      const before = get(videoId);
      sqlite.transaction(() => {
        write(videoId, p, actorId);
        audit.record({
          actorId,
          action: 'provenance.set',
          targetType: 'video',
          targetId: videoId,
          before,
          after: isEmptyProvenance(p) ? null : p,
        });
      })();
      if (PUBLIC.has(v.status_id)) caches.purge();
      return p;
    },

    /**
     * The approval rule: with PROVENANCE_REQUIRED, every video about to be approved needs a complete
     * record. Refuses the whole decision, naming the first video and what it lacks.
     */
    assertApprovable(videoIds: readonly number[]): void {
      if (!required) return;
      for (const id of videoIds) {
        const missing = missingFields(get(id));
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
