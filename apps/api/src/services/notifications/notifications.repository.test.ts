import { expect, it } from 'vitest';
import { onBothDatabases } from '../shared/stats-test-databases';
import { createNotificationsRepository } from './notifications.repository';
import { createNotifications } from './notifications.service';

const DAY = 86_400;
const NOW = 1_700_006_400 - (1_700_006_400 % DAY) + 3600;

onBothDatabases('notifications', (database) => {
  let now = NOW;
  const mails: { to: string; subject: string; text: string }[] = [];
  const queued: unknown[] = [];

  async function seed() {
    now = NOW;
    mails.length = 0;
    queued.length = 0;
    const { db } = database().layer;
    await db
      .insertInto('members')
      .values(
        ['ann', 'ben', 'cy', 'gone'].map((name, i) => ({
          id: i + 1,
          name,
          email: `${name}@example.test`,
          status: name === 'gone' ? 'deleted' : 'active',
          created_at: NOW,
        })),
      )
      .execute();
    const layer = database().layer;
    return createNotifications({
      repo: createNotificationsRepository(layer),
      clock: { now: () => now },
      jobs: {
        enqueue: async (...args: unknown[]) => {
          queued.push(args);
          return 1;
        },
      } as never,
      mailer: { queue: (m: { to: string; subject: string; text: string }) => void mails.push(m) } as never,
      origin: 'https://tube.example',
    });
  }

  it("tells a member of another's act with their name, not of their own, nor from a gone member", async () => {
    const n = await seed();
    await n.fromMember(2, 1, 'wall_post', { on: 'profile' });
    await n.fromMember(1, 1, 'wall_post');
    await n.fromMember(4, 1, 'wall_post');
    const page = await n.page(1);
    expect(page).toMatchObject({ totalCount: 1, pages: 1, unread: 1, page: 1 });
    expect(page.items).toMatchObject([
      {
        kind: 'wall_post',
        params: { on: 'profile', from: 2, name: 'ben' },
        createdAt: NOW,
        readAt: null,
        unread: true,
      },
    ]);
  });

  it('collapses unread messages from one sender into one line that counts up', async () => {
    const n = await seed();
    await n.fromMember(2, 1, 'message');
    now += 10;
    await n.fromMember(2, 1, 'message');
    await n.fromMember(3, 1, 'message');
    now += 10;
    await n.fromMember(2, 1, 'message');
    const { items } = await n.page(1);
    expect(items.map((i) => [i.params.name, i.params.count, i.createdAt])).toEqual([
      ['ben', 3, NOW + 20],
      ['cy', 1, NOW + 10],
    ]);
    // Muted, or from a member who is gone: the line no longer counts up.
    await n.savePrefs(1, { muted: ['messages'] as never, digest: false }, 'en');
    await n.fromMember(2, 1, 'message');
    await n.savePrefs(1, { muted: [], digest: false }, 'en');
    await database().layer.db.updateTable('members').set({ status: 'deleted' }).where('id', '=', 3).execute();
    await n.fromMember(3, 1, 'message');
    expect((await n.page(1)).items.map((i) => i.params.count)).toEqual([3, 1]);
  });

  it('respects muted groups and saves preferences (the digest clock starts at the first save)', async () => {
    const n = await seed();
    expect(await n.prefs(1)).toEqual({ muted: [], digest: false });
    expect(await n.savePrefs(1, { muted: ['messages', 'wall'] as never, digest: true }, 'de')).toMatchObject({
      digest: true,
    });
    await n.fromMember(2, 1, 'message');
    expect(await n.unread(1)).toBe(0);
    now += 100;
    await n.savePrefs(1, { muted: [], digest: false }, 'xx');
    const { db } = database().layer;
    expect(await db.selectFrom('notification_prefs').selectAll().execute()).toEqual([
      { member_id: 1, muted: '', digest: 0, lang: 'en', digest_sent_at: NOW },
    ]);
    await n.fromMember(2, 1, 'message');
    expect(await n.unread(1)).toBe(1);
  });

  it('answers and withdraws friend requests', async () => {
    const n = await seed();
    await n.fromMember(2, 1, 'friend_request');
    await n.fromMember(3, 1, 'friend_request');
    await n.answerFriendRequest(1, 2, 'accepted');
    await n.withdrawFriendRequest(3, 1);
    const { items, unread } = await n.page(1);
    expect(unread).toBe(0);
    expect(items).toMatchObject([
      { kind: 'friend_request', params: { from: 2, answer: 'accepted' }, unread: false },
    ]);
    // An answered request is no longer withdrawn.
    await n.withdrawFriendRequest(2, 1);
    expect((await n.page(1)).totalCount).toBe(1);
  });

  it('keeps moderation decisions apart, marks one, them, or all read; pages newest first', async () => {
    const n = await seed();
    await n.send(1, 'video_approved', { id: 5, title: 'Reel', dir: 'reel' });
    now += 1;
    await n.fromMember(2, 1, 'wall_post');
    now += 1;
    await n.send(1, 'video_rejected', { id: 6, title: 'Other', reason: 'quality', note: '' });
    expect((await n.decisions(1)).map((d) => d.kind)).toEqual(['video_rejected', 'video_approved']);
    await n.markDecisionsRead(1);
    expect(await n.unread(1)).toBe(1);
    const wall = (await n.page(1)).items.find((i) => i.kind === 'wall_post')!;
    await expect(n.markOne(2, wall.id)).rejects.toMatchObject({ code: 'notification_not_found' });
    expect(await n.markOne(1, wall.id)).toEqual({ unread: 0 });
    for (let i = 0; i < 25; i++) await n.send(1, 'video_approved', { id: i, title: 't', dir: 'd' });
    const second = await n.page(1, 2);
    expect(second).toMatchObject({ totalCount: 28, pages: 2, unread: 25 });
    // Newest first, ties by id: the last approvals, then the rejection, the wall post and the first approval.
    expect(second.items.map((i) => i.params.id)).toEqual([4, 3, 2, 1, 0, 6, undefined, 5]);
    expect((await n.page(1, 3)).items).toEqual([]);
    await n.markRead(1);
    expect(await n.unread(1)).toBe(0);
  });

  it('fans a new video out to subscribers once, named after what they follow; muted and gone members skipped', async () => {
    const n = await seed();
    const { db } = database().layer;
    await db.insertInto('channels').values({ id: 1, title: 'Newsreels', dir: 'newsreels' }).execute();
    await db
      .insertInto('models')
      .values({ id: 1, title: 'Ava', dir: 'ava', alphabet: 'a', created_at: NOW })
      .execute();
    await db
      .insertInto('videos')
      .values(
        [9, 10].map((id) => ({
          id,
          dir: 'harbour',
          title: 'Harbour',
          status_id: 1,
          uploader_id: 1,
          channel_id: 1,
          post_date: NOW,
          added_at: NOW,
        })),
      )
      .execute();
    await db
      .insertInto('video_models')
      .values([9, 10].map((video_id) => ({ video_id, model_id: 1 })))
      .execute();
    await db
      .insertInto('subscriptions')
      .values([
        { member_id: 2, section: 'member', object_id: 1, created_at: NOW },
        { member_id: 2, section: 'model', object_id: 1, created_at: NOW },
        { member_id: 3, section: 'channel', object_id: 1, created_at: NOW },
        { member_id: 3, section: 'model', object_id: 1, created_at: NOW },
        { member_id: 4, section: 'member', object_id: 1, created_at: NOW },
        { member_id: 1, section: 'channel', object_id: 1, created_at: NOW },
      ] as never)
      .execute();
    expect(await n.fanOutNewVideo(9)).toBe(2);
    expect(await n.fanOutNewVideo(9)).toBe(0);
    expect((await n.page(2)).items).toMatchObject([
      { kind: 'new_video', params: { id: 9, dir: 'harbour', title: 'Harbour', source: 'ann' } },
    ]);
    expect((await n.page(3)).items).toMatchObject([{ params: { id: 9, source: 'Ava' } }]);
    expect(await n.unread(1)).toBe(0);
    await n.savePrefs(2, { muted: ['new_videos'] as never, digest: false }, 'en');
    expect(await n.fanOutNewVideo(10)).toBe(1);
    expect(await n.fanOutNewVideo(77)).toBe(0);
    await n.videosPublished([10, 11]);
    expect(queued).toEqual([
      ['notifications.fanout', { videoId: 10 }, { uniqueKey: 'fanout:10' }],
      ['notifications.fanout', { videoId: 11 }, { uniqueKey: 'fanout:11' }],
    ]);
  });

  it('mails each opted-in member one digest a day of what is unread since the last one', async () => {
    const n = await seed();
    await n.savePrefs(1, { muted: [], digest: true }, 'en');
    await n.savePrefs(2, { muted: [], digest: false }, 'en');
    now += 10;
    await n.fromMember(2, 1, 'wall_post');
    await n.fromMember(1, 2, 'wall_post');
    // The first save counts as today's digest.
    expect(await n.sendDigests()).toEqual({ mailed: 0 });
    now += DAY;
    expect(await n.sendDigests()).toEqual({ mailed: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'ann@example.test' });
    expect(mails[0]!.text).toContain('https://tube.example/notifications/');
    expect(await n.sendDigests()).toEqual({ mailed: 0 });
  });
});
