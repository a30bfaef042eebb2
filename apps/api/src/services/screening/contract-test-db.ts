/** Test support for the screening, sitemap, provenance and captions repositories' contract tests (both databases). */
import type { Database, DataLayer } from '@vt/db';
import type { Insertable } from 'kysely';

export const NOW = 1_700_000_000;

export { describeOnBothLayers as onBothDatabases } from '@vt/db/testing';

let serial = 0;

/** Rows the tested tables point at, with the least each table needs. */
export function seed({ db }: DataLayer) {
  return {
    async member(over: Partial<Insertable<Database['members']>> = {}): Promise<number> {
      const i = ++serial;
      const r = await db
        .insertInto('members')
        .values({ name: `m${i}`, email: `m${i}@example.test`, ...over })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    /** An approved, public video unless `over` says otherwise. */
    async video(over: Partial<Insertable<Database['videos']>> = {}): Promise<number> {
      const i = ++serial;
      const r = await db
        .insertInto('videos')
        .values({
          dir: `video-${i}`,
          title: `Video ${i}`,
          status_id: 1,
          post_date: NOW,
          added_at: NOW,
          ...over,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async statusOf(videoId: number): Promise<number | undefined> {
      const r = await db
        .selectFrom('videos')
        .select('status_id')
        .where('id', '=', videoId)
        .executeTakeFirst();
      return r?.status_id;
    },
    async auditActions(): Promise<string[]> {
      const rows = await db.selectFrom('audit_log').select('action').orderBy('id').execute();
      return rows.map((r) => r.action);
    },
  };
}
