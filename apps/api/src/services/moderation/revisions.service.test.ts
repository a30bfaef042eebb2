import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it, onTestFinished } from 'vitest';
import { createNotificationsRepository } from '../notifications/notifications.repository';
import { createNotifications } from '../notifications/notifications.service';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createRevisionsRepository } from './revisions.repository';
import { createVideoRevisions } from './revisions.service';
import { insertCategories } from './revisions-test-rows';

/** The revisions service on each database: the edit, its review, and the writes that go with the decision. */
onBothDatabases('uploader edits (the revisions service)', (data) => {
  async function setup() {
    const { db } = data();
    const s = seed(data());
    const uploader = await s.member();
    const mod = await s.member();
    await insertCategories(data(), [3, 5]);
    const revised: number[][] = [];
    const dir = mkdtempSync(join(tmpdir(), 'vt-revisions-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const service = createVideoRevisions({
      repo: createRevisionsRepository(data()),
      clock: { now: () => NOW },
      publish: { revised: async (ids) => void revised.push([...ids]) },
      notifications: createNotifications({
        repo: createNotificationsRepository(data()),
        clock: { now: () => NOW },
        jobs: { enqueue: async () => 1 } as never,
        mailer: { queue: () => undefined },
        origin: 'https://tube.example',
      }),
      previews: {} as never,
      media: {} as never,
    });
    const video = async (status_id: number) => {
      const id = await s.video({ status_id, uploader_id: uploader, description: 'D' });
      await db.insertInto('video_categories').values({ video_id: id, category_id: 3 }).execute();
      return id;
    };
    const row = (id: number) =>
      db.selectFrom('videos').select(['title', 'description']).where('id', '=', id).executeTakeFirstOrThrow();
    const kinds = async () =>
      (await db.selectFrom('notifications').select('kind').orderBy('id').execute()).map((n) => n.kind);
    return { s, db, uploader, mod, service, revised, video, row, kinds };
  }

  const edit = (title: string, categories?: string[]) => ({
    title,
    description: 'D',
    previewKey: null,
    ...(categories ? { categories } : {}),
  });

  it('applies an edit of a video nobody approved yet at once; holds one of a public video for review', async () => {
    const { s, uploader, service, video, row } = await setup();
    const pending = await video(2);
    expect(await service.submit(uploader, pending, edit('Fresh title', ['cat-5']))).toBe('applied');
    expect((await row(pending)).title).toBe('Fresh title');
    const listed = await video(1);
    const before = (await row(listed)).title;
    expect(await service.submit(uploader, listed, edit('New title'))).toBe('pending');
    expect(await service.submit(uploader, listed, edit('Newer title'))).toBe('pending');
    expect((await row(listed)).title).toBe(before);
    expect(await service.pendingFields(listed)).toEqual({ title: 'Newer title', preview: false });
    expect(await service.pendingVideoIds(uploader)).toEqual([listed]);
    expect(await service.submit(await s.member(), listed, edit('Not mine'))).toBeNull();
    // Back to what is public: nothing is left to review.
    expect(await service.submit(uploader, listed, edit(before))).toBe('applied');
    expect(await service.pendingFields(listed)).toBeNull();
  });

  it('approves an edit with its tags, audit entry and notification, once; rejects another', async () => {
    const { s, db, uploader, mod, service, revised, video, row, kinds } = await setup();
    const a = await video(1);
    const b = await video(1);
    await service.submit(uploader, a, edit('Approved title', ['cat-5']));
    await service.submit(uploader, b, edit('Rejected title'));
    const ids = (await db.selectFrom('video_revisions').select('id').orderBy('id').execute()).map(
      (r) => r.id,
    );
    expect(await service.approve(mod, [ids[0]!, 99_999])).toEqual([ids[0]]);
    expect(await service.approve(mod, [ids[0]!])).toEqual([]);
    expect((await row(a)).title).toBe('Approved title');
    const cats = await db
      .selectFrom('video_categories')
      .select('category_id')
      .where('video_id', '=', a)
      .execute();
    expect(cats).toEqual([{ category_id: 5 }]);
    expect(revised).toEqual([[a], []]);
    expect(await service.reject(mod, [ids[1]!], 'other', 'Keep the old title')).toEqual([ids[1]]);
    expect((await row(b)).title).not.toBe('Rejected title');
    expect(await s.auditActions()).toEqual(['video_edit.approve', 'video_edit.reject']);
    expect(await kinds()).toEqual(['video_edit_approved', 'video_edit_rejected']);
    expect(await service.pendingVideoIds(uploader)).toEqual([]);
  });
});
