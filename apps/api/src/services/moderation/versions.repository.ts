import { type DataLayer, lockedForEdit } from '@vt/db';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';
import { transactionOf } from '../community/community-targets';
import type { VersionMode } from '../videos/video-versions.service';

type Layer = Pick<DataLayer, 'db' | 'dialect'>;

const VIDEO_COLUMNS = ['id', 'title', 'dir', 'status_id', 'is_private', 'duration_sec', 'height'] as const;

function versionQueries({ db, dialect }: Layer) {
  return {
    /**
     * A video as a group shows it; inside a transaction it stays locked until the commit (PostgreSQL), so two
     * moderators grouping the same videos take turns.
     */
    video: (id: number) =>
      lockedForEdit(
        db.selectFrom('videos').select(VIDEO_COLUMNS).where('id', '=', id),
        dialect,
      ).executeTakeFirst(),

    /** The group a video is a version in, and how it is shown. */
    membership: (videoId: number) =>
      db
        .selectFrom('video_versions')
        .select(['canonical_id', 'mode'])
        .where('video_id', '=', videoId)
        .executeTakeFirst(),

    /** The versions grouped under a canonical video, by id. */
    membersOf: (canonicalId: number) =>
      db
        .selectFrom('video_versions as vv')
        .innerJoin('videos as v', 'v.id', 'vv.video_id')
        .select([
          'v.id',
          'v.title',
          'v.dir',
          'v.status_id',
          'v.is_private',
          'v.duration_sec',
          'v.height',
          'vv.mode',
        ])
        .where('vv.canonical_id', '=', canonicalId)
        .orderBy('v.id')
        .execute(),

    async countMembers(canonicalId: number): Promise<number> {
      const r = await db
        .selectFrom('video_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('canonical_id', '=', canonicalId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async insert(videoId: number, canonicalId: number, mode: VersionMode, actorId: number, now: number) {
      await db
        .insertInto('video_versions')
        .values({ video_id: videoId, canonical_id: canonicalId, mode, created_by: actorId, created_at: now })
        .execute();
    },

    async setMode(videoId: number, mode: VersionMode) {
      await db.updateTable('video_versions').set({ mode }).where('video_id', '=', videoId).execute();
    },

    async remove(videoId: number) {
      await db.deleteFrom('video_versions').where('video_id', '=', videoId).execute();
    },

    /** Moves every version of canonical `from` under `to`. */
    async moveGroup(from: number, to: number) {
      await db
        .updateTable('video_versions')
        .set({ canonical_id: to })
        .where('canonical_id', '=', from)
        .execute();
    },

    /** The audit entry of a change, in the same transaction. */
    audit: (row: AuditRow) => insertAuditEntry(db, row),
  };
}

/** Version groups of near-duplicate videos (video_versions, ADR 0035), on either database. */
export function createVersionsRepository(layer: Layer) {
  return { ...versionQueries(layer), transaction: transactionOf(layer, versionQueries) };
}

export type VersionsRepository = ReturnType<typeof createVersionsRepository>;
