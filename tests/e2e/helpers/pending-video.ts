import { withSiteDb } from './site-db';

/**
 * A processed upload of `uploaderId` waiting for a moderator, as media.ingest leaves it (the upload itself is
 * tests/e2e/moderation.spec.ts's journey): it reuses a demo video's media.
 */
export function pendingVideo(uploaderId: number, title: string): Promise<{ id: number; dir: string }> {
  const dir = title.toLowerCase().replaceAll(' ', '-');
  const now = Math.floor(Date.now() / 1000);
  return withSiteDb(async (db) => {
    const media = await db
      .selectFrom('videos')
      .select(['media_path', 'duration_sec', 'width', 'height', 'timeline_count', 'timeline_interval'])
      .where('status_id', '=', 1)
      .where('media_path', 'is not', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto('videos')
      .values({
        ...media,
        dir,
        title,
        description: 'An invented home movie.',
        status_id: 2,
        gender: 'straight',
        post_date: now,
        added_at: now,
        uploader_id: uploaderId,
        content_hash: `e2e-${title}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, dir };
  });
}
