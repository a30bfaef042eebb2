import { type DataLayer, lockSequencedTable } from '@vt/db';
import { type AuditRow, insertAuditEntry } from '../audit/audit-entry';
import type { SummaryRow } from './summary-index';

/**
 * Parameters per multi-row INSERT of a bulk import, far under both databases' limits (SQLite 32,766 by
 * default, PostgreSQL 65,535): 2,000 digests a statement, so a 500,000-entry list is 250 statements in one
 * transaction. Larger statements measured no faster (100,000 digests: about 1.2 s on SQLite, 3.5 s on
 * PostgreSQL, on a loaded 2-core machine), and one full batch's SQL is one cached prepared statement.
 */
const MAX_PARAMETERS = 6_000;

function* batches<T>(rows: readonly T[], columns: number): Generator<T[]> {
  const size = Math.floor(MAX_PARAMETERS / columns);
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

export type ImportedEntries =
  | { kind: 'file'; digests: readonly (readonly ['md5' | 'sha1' | 'sha256', string])[] }
  | {
      kind: 'fingerprint';
      fingerprints: readonly { label: string; hi: number; lo: number; seconds: Buffer }[];
    };

/**
 * All SQL of blocklists, blocklist_hashes, blocklist_fingerprints and quarantine (ADR 0034, 0041), on
 * SQLite or PostgreSQL. A quarantine changes the video's status in the same transaction, with its audit entry.
 */
export function createBlocklistsRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  /** A held video's quarantine state and what the decision needs of the video. */
  const heldQuery = (videoId: number) =>
    db
      .selectFrom('quarantine as q')
      .innerJoin('videos as v', 'v.id', 'q.video_id')
      .select(['q.video_id', 'q.state', 'v.media_path', 'v.status_id', 'v.title'])
      .where('q.video_id', '=', videoId);

  return {
    /** The digest kinds some imported list holds. */
    async digestKinds(): Promise<('md5' | 'sha1' | 'sha256')[]> {
      const rows = await db
        .selectFrom('blocklist_hashes')
        .select('kind')
        .distinct()
        .orderBy('kind')
        .execute();
      return rows.map((r) => r.kind);
    },

    /** The list holding this digest (lower-case hex), or null. */
    async listOfDigest(kind: 'md5' | 'sha1' | 'sha256', hash: string): Promise<number | null> {
      const row = await db
        .selectFrom('blocklist_hashes')
        .select('list_id')
        .where('kind', '=', kind)
        .where('hash', '=', hash)
        .limit(1)
        .executeTakeFirst();
      return row?.list_id ?? null;
    },

    /** Listed fingerprints' summaries added after id `seq` (entries are only added: the id is the sequence). */
    async fingerprintSummariesSince(seq: number, limit: number): Promise<SummaryRow[]> {
      return db
        .selectFrom('blocklist_fingerprints')
        .select(['id', 'summary_hi as hi', 'summary_lo as lo', 'id as seq'])
        .where('id', '>', seq)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async fingerprint(id: number) {
      return db
        .selectFrom('blocklist_fingerprints')
        .select(['list_id', 'label', 'seconds'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Holds a video in quarantine (status 8) with its audit entry, in one transaction; once only: null when
     * it already is (or was) quarantined, else the video's title. `audit` builds the entry from the video's
     * status before.
     */
    async quarantine(p: {
      videoId: number;
      listId: number | null;
      matched: string;
      now: number;
      audit: (statusBefore: number | null) => AuditRow;
    }): Promise<string | null> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('quarantine')
          .values({
            video_id: p.videoId,
            list_id: p.listId,
            matched: p.matched,
            state: 'held',
            created_at: p.now,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('video_id')
          .executeTakeFirst();
        if (!inserted) return null;
        const v = await trx
          .selectFrom('videos')
          .select(['title', 'status_id'])
          .where('id', '=', p.videoId)
          .executeTakeFirst();
        await trx.updateTable('videos').set({ status_id: 8 }).where('id', '=', p.videoId).execute();
        await insertAuditEntry(trx, p.audit(v?.status_id ?? null));
        return v?.title ?? '';
      });
    },

    /** Active admins' addresses and languages, for the quarantine alert. */
    async adminRecipients() {
      return db
        .selectFrom('members as m')
        .leftJoin('notification_prefs as p', 'p.member_id', 'm.id')
        .select(['m.email', 'p.lang'])
        .where('m.role', '=', 'admin')
        .where('m.status', '=', 'active')
        .orderBy('m.id')
        .execute();
    },

    async held(videoId: number) {
      return heldQuery(videoId).executeTakeFirst();
    },

    /** A new list and all its entries, in one transaction with its audit entry; the list's id. */
    async importList(p: {
      name: string;
      entries: ImportedEntries;
      count: number;
      actorId: number;
      now: number;
      audit: (listId: number) => AuditRow;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        // Fingerprint entries' ids are the summary index's sequence: committed in id order.
        if (p.entries.kind === 'fingerprint')
          await lockSequencedTable(trx, dialect, 'blocklist_fingerprints');
        const { id: listId } = await trx
          .insertInto('blocklists')
          .values({
            name: p.name,
            kind: p.entries.kind,
            entries: p.count,
            imported_by: p.actorId,
            created_at: p.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (p.entries.kind === 'file')
          for (const batch of batches(p.entries.digests, 3))
            await trx
              .insertInto('blocklist_hashes')
              .values(batch.map(([kind, hash]) => ({ kind, hash, list_id: listId })))
              .onConflict((oc) => oc.doNothing())
              .execute();
        else
          for (const batch of batches(p.entries.fingerprints, 5))
            await trx
              .insertInto('blocklist_fingerprints')
              .values(
                batch.map((e) => ({
                  list_id: listId,
                  label: e.label,
                  summary_hi: e.hi,
                  summary_lo: e.lo,
                  seconds: e.seconds,
                })),
              )
              .execute();
        await insertAuditEntry(trx, p.audit(listId));
        return listId;
      });
    },

    /** The imported lists, newest first, with the importer's name. */
    async lists() {
      return db
        .selectFrom('blocklists as l')
        .leftJoin('members as m', 'm.id', 'l.imported_by')
        .select([
          'l.id',
          'l.name',
          'l.kind',
          'l.entries',
          'l.created_at as createdAt',
          'm.name as importedBy',
        ])
        .orderBy('l.id', 'desc')
        .execute();
    },

    /** Deletes a list (its entries go with it) with its audit entry; false when there is no such list. */
    async removeList(listId: number, audit: (name: string) => AuditRow): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const r = await trx
          .selectFrom('blocklists')
          .select('name')
          .where('id', '=', listId)
          .executeTakeFirst();
        if (!r) return false;
        await trx.deleteFrom('blocklists').where('id', '=', listId).execute();
        await insertAuditEntry(trx, audit(r.name));
        return true;
      });
    },

    async mediaPathOf(videoId: number): Promise<string | null> {
      const row = await db
        .selectFrom('videos')
        .select('media_path')
        .where('id', '=', videoId)
        .executeTakeFirst();
      return row?.media_path ?? null;
    },

    /** Held videos' metadata (never media), oldest first. */
    async quarantined(limit: number) {
      return db
        .selectFrom('quarantine as q')
        .innerJoin('videos as v', 'v.id', 'q.video_id')
        .leftJoin('members as m', 'm.id', 'v.uploader_id')
        .leftJoin('blocklists as l', 'l.id', 'q.list_id')
        .select([
          'q.video_id',
          'v.title',
          'v.uploader_id',
          'm.name as uploader_name',
          'v.added_at',
          'q.created_at',
          'q.matched',
          'l.name as list',
        ])
        .where('q.state', '=', 'held')
        .orderBy('q.created_at')
        .orderBy('q.video_id')
        .limit(limit)
        .execute();
    },

    async countHeld(): Promise<number> {
      const row = await db
        .selectFrom('quarantine')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '=', 'held')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * An admin's decision on a held video, in one transaction with its audit entry: released (the video to
     * `statusId` if it is still quarantined) or deleted (status 5, its media path cleared).
     */
    async decide(p: {
      videoId: number;
      state: 'released' | 'deleted';
      statusId: number;
      actorId: number;
      now: number;
      audit: AuditRow;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('quarantine')
          .set({ state: p.state, decided_by: p.actorId, decided_at: p.now })
          .where('video_id', '=', p.videoId)
          .execute();
        if (p.state === 'released')
          await trx
            .updateTable('videos')
            .set({ status_id: p.statusId })
            .where('id', '=', p.videoId)
            .where('status_id', '=', 8)
            .execute();
        else
          await trx
            .updateTable('videos')
            .set({ status_id: p.statusId, media_path: null })
            .where('id', '=', p.videoId)
            .execute();
        await insertAuditEntry(trx, p.audit);
      });
    },

    /** The ids of a video's kept original uploads. */
    async uploadsOf(videoId: number): Promise<string[]> {
      const rows = await db.selectFrom('uploads').select('id').where('video_id', '=', videoId).execute();
      return rows.map((r) => r.id);
    },
  };
}

export type BlocklistsRepository = ReturnType<typeof createBlocklistsRepository>;
