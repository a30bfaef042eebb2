import type { DataLayer } from '@vt/db';
import { expect, it } from 'vitest';
import { describeOnBothDatabases, insertMember } from './members-test-databases';
import { createSavedVideosRepository } from './saved-videos.repository';

const NOW = 1_700_000_000;

async function insertVideo(
  { db }: DataLayer,
  v: { dir: string; status?: number; private?: boolean; duration?: number },
): Promise<number> {
  const row = await db
    .insertInto('videos')
    .values({
      dir: v.dir,
      title: v.dir,
      post_date: NOW,
      added_at: NOW,
      status_id: v.status ?? 1,
      is_private: v.private ? 1 : 0,
      duration_sec: v.duration ?? 600,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describeOnBothDatabases('the saved videos repository', (data) => {
  const repo = () => createSavedVideosRepository(data());

  it('finds only listed videos, with their duration', async () => {
    const listed = await insertVideo(data(), { dir: 'a', duration: 321 });
    const hidden = await insertVideo(data(), { dir: 'b', private: true });
    const pending = await insertVideo(data(), { dir: 'c', status: 0 });
    expect(await repo().listedVideo(listed)).toEqual({ duration_sec: 321 });
    expect(await repo().listedVideo(hidden)).toBeUndefined();
    expect(await repo().listedVideo(pending)).toBeUndefined();
    expect(await repo().listedVideo(listed + 100)).toBeUndefined();
  });

  it('adds a video to a list once, tells which lists hold it, and removes it', async () => {
    const ann = await insertMember(data(), { name: 'Ann' });
    const bob = await insertMember(data(), { name: 'Bob' });
    const v = await insertVideo(data(), { dir: 'a' });
    expect(await repo().addToList(ann, 'watch_later', v, NOW)).toBe(true);
    expect(await repo().addToList(ann, 'watch_later', v, NOW + 1)).toBe(false);
    expect(await repo().addToList(ann, 'favourites', v, NOW)).toBe(true);
    expect(await repo().addToList(bob, 'favourites', v, NOW)).toBe(true);
    expect(await repo().listsHolding(ann, v)).toEqual(['favourites', 'watch_later']);
    await repo().removeFromList(ann, 'favourites', v);
    expect(await repo().listsHolding(ann, v)).toEqual(['watch_later']);
    expect(await repo().listsHolding(bob, v)).toEqual(['favourites']);
  });

  it('keeps, replaces, prunes and clears resume positions', async () => {
    const ann = await insertMember(data(), { name: 'Ann' });
    const bob = await insertMember(data(), { name: 'Bob' });
    const [v1, v2, v3] = [
      await insertVideo(data(), { dir: 'a' }),
      await insertVideo(data(), { dir: 'b' }),
      await insertVideo(data(), { dir: 'c' }),
    ] as [number, number, number];
    await repo().savePosition({ memberId: bob, videoId: v1, at: 9, now: NOW, kept: 2 });
    await repo().savePosition({ memberId: ann, videoId: v1, at: 10, now: NOW, kept: 2 });
    await repo().savePosition({ memberId: ann, videoId: v1, at: 20, now: NOW + 1, kept: 2 });
    expect(await repo().position(ann, v1)).toBe(20);
    await repo().savePosition({ memberId: ann, videoId: v2, at: 30, now: NOW + 2, kept: 2 });
    await repo().savePosition({ memberId: ann, videoId: v3, at: 40, now: NOW + 3, kept: 2 });
    // Only the two most recent are kept, and only the member's own are pruned.
    expect(await repo().position(ann, v1)).toBeNull();
    expect(await repo().position(ann, v2)).toBe(30);
    expect(await repo().position(ann, v3)).toBe(40);
    expect(await repo().position(bob, v1)).toBe(9);
    await repo().clearPosition(ann, v3);
    expect(await repo().position(ann, v3)).toBeNull();
    const rows = await data()
      .db.selectFrom('watch_positions')
      .select('updated_at')
      .orderBy('updated_at')
      .execute();
    expect(rows.map((r) => r.updated_at)).toEqual([NOW, NOW + 2]);
  });
});
