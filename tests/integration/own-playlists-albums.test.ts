import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { catalogs } from '@vt/i18n';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let owner: string;
let other: string;
let ownerId: number;
beforeAll(async () => {
  sut = createTestApp({ videos: 10 });
  sqlite = sut.db.$client;
  ownerId = await sut.createMember('OwnerFan');
  await sut.createMember('OtherFan');
  owner = await sut.signIn('OwnerFan');
  other = await sut.signIn('OtherFan');
});
afterAll(() => sut.close());

async function trpc(path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (method === 'GET')
    return sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  return sut.json(`/trpc/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: sut.config.publicOrigin },
    body: JSON.stringify(input ?? {}),
  });
}
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const error = (r: { body: { error?: { data?: unknown } } }) => r.body.error?.data as any;

describe('own playlists', () => {
  it('creates, edits, makes private, reorders and deletes; others see only public ones and get not found', async () => {
    const videos = sqlite
      .prepare(
        "SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' ORDER BY id LIMIT 3",
      )
      .pluck()
      .all() as number[];
    const made = await sut.post(
      '/api/input.php',
      {
        act: 'playlist_new',
        title: 'Owner reels',
        desc: 'Some reels',
        visible: '1',
        orientation: 'straight',
      },
      { cookie: owner },
    );
    const id = made.body.playlist_id as number;
    for (const v of videos)
      await sut.post(
        '/api/input.php',
        { act: 'playlist_add', playlist_id: String(id), video_id: String(v) },
        { cookie: owner },
      );
    const order = () =>
      sqlite
        .prepare('SELECT video_id FROM playlist_videos WHERE playlist_id = ? ORDER BY position')
        .pluck()
        .all(id);
    expect(order()).toEqual(videos);

    expect(
      data(await trpc('playlists.move', { playlistId: id, videoId: videos[2], direction: 'up' }, owner)),
    ).toEqual({
      code: 'playlist_reordered',
    });
    expect(order()).toEqual([videos[0], videos[2], videos[1]]);
    // First stays first.
    await trpc('playlists.move', { playlistId: id, videoId: videos[0], direction: 'up' }, owner);
    expect(order()).toEqual([videos[0], videos[2], videos[1]]);
    const page = data(await trpc('playlists.page', { id, page: 1 }, owner, 'GET'));
    expect(page.videos.items.map((v: { id: number }) => v.id)).toEqual([videos[0], videos[2], videos[1]]);

    // Another member's move answers like a missing playlist and changes nothing.
    const stolen = await trpc(
      'playlists.move',
      { playlistId: id, videoId: videos[2], direction: 'down' },
      other,
    );
    expect(stolen.res.status).toBe(404);
    expect(error(stolen).code).toBe('playlist_not_found');
    expect(order()).toEqual([videos[0], videos[2], videos[1]]);
    expect(
      (await trpc('playlists.move', { playlistId: id, videoId: videos[2], direction: 'down' })).res.status,
    ).toBe(401);
    expect(
      (await trpc('playlists.move', { playlistId: id, videoId: videos[2], direction: 'sideways' }, owner)).res
        .status,
    ).toBe(400);

    // Made private: the owner's list marks it, others' lists leave it out.
    const upd = await sut.post(
      '/api/input.php',
      {
        act: 'playlist_upd',
        playlist_id: String(id),
        title: 'Owner reels',
        desc: 'Some reels',
        visible: '0',
        orientation: 'straight',
      },
      { cookie: owner },
    );
    expect(upd.body).toMatchObject({ ok: true, code: 'playlist_changed' });
    const list = (cookie?: string) =>
      trpc('playlists.list', { sort: 'recent', page: 1, memberId: ownerId }, cookie, 'GET').then(data);
    expect((await list(owner)).items).toEqual([expect.objectContaining({ id, isPrivate: true })]);
    expect((await list(other)).items).toEqual([]);
    expect((await trpc('playlists.page', { id, page: 1 }, other, 'GET')).res.status).toBe(403);
    const tooShort = await sut.post(
      '/api/input.php?lang=ru',
      { act: 'playlist_upd', playlist_id: String(id), title: 'x', desc: 'Some reels', visible: '0' },
      { cookie: owner },
    );
    expect(tooShort.body).toMatchObject({ code: 'min_length', field: 'title' });
    // The page shows the code's text in its language (form.error.*), present in every catalog.
    for (const lang of Object.values(catalogs)) expect((lang as any).form.error.min_length).toBeTruthy();

    const gone = await sut.post(
      '/api/input.php',
      { act: 'playlist_delete', playlist_id: String(id) },
      { cookie: other },
    );
    expect(gone.res.status).toBe(404);
    expect(
      (
        await sut.post(
          '/api/input.php',
          { act: 'playlist_delete', playlist_id: String(id) },
          { cookie: owner },
        )
      ).body,
    ).toMatchObject({
      ok: true,
      code: 'playlist_deleted',
    });
    expect(sqlite.prepare('SELECT count(*) FROM playlists WHERE id = ?').pluck().get(id)).toBe(0);
  });
});

describe('own albums', () => {
  const upload = (albumId: number, bytes: Buffer, cookie = owner) => {
    const form = new FormData();
    form.set('act', 'photo');
    form.set('album_id', String(albumId));
    form.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }));
    return sut.json('/api/album_edit.php', {
      method: 'POST',
      body: form,
      headers: { cookie, origin: sut.config.publicOrigin },
    });
  };
  const jpeg = (w: number, h: number, colour: string) =>
    sharp({ create: { width: w, height: h, channels: 3, background: colour } })
      .jpeg()
      .toBuffer();
  const status = (id: number) => sqlite.prepare('SELECT status_id FROM albums WHERE id = ?').pluck().get(id);

  async function approvedAlbum() {
    const form = new FormData();
    form.set('act', 'create');
    form.set('title', 'Harbour stills');
    form.set('adult', '1');
    const made = await sut.json('/api/album_edit.php', {
      method: 'POST',
      body: form,
      headers: { cookie: owner, origin: sut.config.publicOrigin },
    });
    const id = made.body.album_id as number;
    for (const colour of ['#804020', '#204080', '#208040']) await upload(id, await jpeg(400, 400, colour));
    expect(await sut.services.publish.approveAlbum(id)).toBe(true);
    return id;
  }

  it('edits title, photos, order and cover; new photos and titles send an approved album back to moderation', async () => {
    const id = await approvedAlbum();
    const view = async () => data(await trpc('albums.mine', { id }, owner, 'GET'));
    const first = await view();
    expect(first).toMatchObject({ status: 'active', title: 'Harbour stills' });
    expect(first.photos).toHaveLength(3);
    expect(first.coverPhotoId).toBe(first.photos[0].id);
    const ids = first.photos.map((p: { id: number }) => p.id);

    // Order and cover among approved photos: still listed.
    await trpc('albums.movePhoto', { id, photoId: ids[2], direction: 'up' }, owner);
    expect((await view()).photos.map((p: { id: number }) => p.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(data(await trpc('albums.setCover', { id, photoId: ids[2] }, owner))).toEqual({
      code: 'album_cover_set',
    });
    expect((await view()).coverPhotoId).toBe(ids[2]);
    const scr = sqlite.prepare('SELECT scr FROM albums WHERE id = ?').pluck().get(id) as string;
    expect(existsSync(join(sut.config.mediaDir, scr))).toBe(true);
    expect(status(id)).toBe(1);

    // Removing the cover photo: the file goes, the next photo makes the cover.
    const removed = sqlite.prepare('SELECT path FROM photos WHERE id = ?').pluck().get(ids[2]) as string;
    expect(data(await trpc('albums.removePhoto', { id, photoId: ids[2] }, owner))).toEqual({
      code: 'photo_removed',
    });
    expect(existsSync(join(sut.config.mediaDir, removed))).toBe(false);
    const after = await view();
    expect(after.photos.map((p: { id: number }) => p.id)).toEqual([ids[0], ids[1]]);
    expect(after.coverPhotoId).toBe(ids[0]);
    expect(sqlite.prepare('SELECT photos_amount FROM albums WHERE id = ?').pluck().get(id)).toBe(2);
    expect(status(id)).toBe(1);

    // A new photo goes through the upload checks and back to the queue; it is not public meanwhile.
    const small = await upload(id, await jpeg(100, 100, '#000000'));
    expect(small.body).toMatchObject({ code: 'invalid_image_size', field: 'file' });
    expect(status(id)).toBe(1);
    expect((await upload(id, await jpeg(500, 400, '#ffffff'))).body).toMatchObject({
      ok: true,
      code: 'photo_added',
    });
    expect(status(id)).toBe(2);
    expect((await trpc('albums.get', { id }, undefined, 'GET')).res.status).toBe(404);
    // The moderator sees it was approved before, with the new photo first (the others made a minute earlier).
    const newest = sqlite
      .prepare('SELECT path FROM photos WHERE album_id = ? ORDER BY id DESC LIMIT 1')
      .pluck()
      .get(id);
    sqlite.prepare('UPDATE albums SET added_at = added_at - 60 WHERE id = ?').run(id);
    sqlite
      .prepare('UPDATE photos SET created_at = created_at - 60 WHERE album_id = ? AND path != ?')
      .run(id, newest);
    const queued = (await sut.services.moderation.queue.list()).items.find(
      (i) => i.key === `album:${id}`,
    ) as any;
    expect(queued).toMatchObject({ resubmitted: true, photosAmount: 3 });
    expect(queued.photos[0]).toBe(`/thumbs/${newest}`);
    expect(await sut.services.publish.approveAlbum(id)).toBe(true);

    // A new title too; validation errors are translated field errors.
    const bad = await sut.json('/trpc/albums.update?lang=de', {
      method: 'POST',
      headers: { cookie: owner, 'content-type': 'application/json', origin: sut.config.publicOrigin },
      body: JSON.stringify({ id, title: 'x', desc: '' }),
    });
    expect(error(bad)).toMatchObject({ code: 'min_length', field: 'title', info: { length: 3 } });
    expect(
      data(await trpc('albums.update', { id, title: 'Harbour stills, 1962', desc: 'Boats' }, owner)),
    ).toEqual({
      code: 'album_pending',
    });
    expect(status(id)).toBe(2);
    expect((await view()).title).toBe('Harbour stills, 1962');
  });

  it("answers another member's edits like a missing album and deletes the owner's album with its files", async () => {
    const id = await approvedAlbum();
    const photo = sqlite
      .prepare('SELECT id FROM photos WHERE album_id = ? LIMIT 1')
      .pluck()
      .get(id) as number;
    for (const [procedure, input] of [
      ['albums.update', { id, title: 'Mine now', desc: '' }],
      ['albums.removePhoto', { id, photoId: photo }],
      ['albums.movePhoto', { id, photoId: photo, direction: 'down' }],
      ['albums.setCover', { id, photoId: photo }],
      ['albums.delete', { id }],
    ] as const) {
      const r = await trpc(procedure, input, other);
      expect(r.res.status, procedure).toBe(404);
      expect(error(r).code, procedure).toBe('album_not_found');
    }
    expect((await upload(id, await jpeg(400, 400, '#123456'), other)).res.status).toBe(404);
    expect((await trpc('albums.mine', { id }, other, 'GET')).res.status).toBe(404);
    expect(status(id)).toBe(1);

    const lines = data(await trpc('albums.mineList', undefined, owner, 'GET'));
    expect(lines).toContainEqual(expect.objectContaining({ id, status: 'active' }));
    expect(data(await trpc('albums.mineList', undefined, other, 'GET'))).toEqual([]);
    expect(data(await trpc('albums.delete', { id }, owner))).toEqual({ code: 'album_deleted' });
    expect(sqlite.prepare('SELECT count(*) FROM albums WHERE id = ?').pluck().get(id)).toBe(0);
    expect(sqlite.prepare('SELECT count(*) FROM photos WHERE album_id = ?').pluck().get(id)).toBe(0);
    expect(existsSync(join(sut.config.mediaDir, 'albums', String(id)))).toBe(false);
    expect((await trpc('albums.get', { id }, undefined, 'GET')).res.status).toBe(404);
  });
});
