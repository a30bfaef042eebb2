import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let cookie: string;
let other: string;
beforeAll(async () => {
  sut = createTestApp({ videos: 5 });
  await sut.createMember('AlbumMaker');
  await sut.createMember('AlbumStranger');
  cookie = await sut.signIn('AlbumMaker');
  other = await sut.signIn('AlbumStranger');
});
afterAll(() => sut.close());

const send = (form: FormData, as = cookie) =>
  sut.json('/api/album_edit.php', {
    method: 'POST',
    body: form,
    headers: { cookie: as, origin: sut.config.publicOrigin },
  });
const fields = (o: Record<string, string | Blob>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(o)) f.set(k, v);
  return f;
};
const image = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#a07050' } })
    .withExif({ IFD0: { Artist: 'Someone Private' } })
    .jpeg()
    .toBuffer()
    .then((b) => new Blob([new Uint8Array(b)], { type: 'image/jpeg' }));

describe('POST /api/album_edit.php', () => {
  it('creates a pending album, adds photos one by one through sharp, and publishes on approval', async () => {
    expect(
      (await sut.json('/api/album_edit.php', { method: 'POST', body: fields({ act: 'create', title: 'x' }) }))
        .res.status,
    ).toBe(401);
    expect((await send(fields({ act: 'create', title: 'ab' }))).body).toMatchObject({
      code: 'min_length',
      field: 'title',
    });
    const made = await send(
      fields({
        act: 'create',
        title: 'Seaside stills',
        desc: 'Summer 1972',
        categories: 'retro',
        adult: '1',
      }),
    );
    expect(made.body).toMatchObject({ ok: true, code: 'album_created' });
    const albumId = made.body.album_id as number;

    const small = await send(
      fields({ act: 'photo', album_id: String(albumId), file: await image(200, 150) }),
    );
    expect(small.body).toMatchObject({ code: 'invalid_image_size', error: 'Invalid image size' });
    const junk = await send(
      fields({ act: 'photo', album_id: String(albumId), file: new Blob(['not an image']) }),
    );
    expect(junk.body.code).toBe('bad_file_type');
    const stranger = await send(
      fields({ act: 'photo', album_id: String(albumId), file: await image(800, 600) }),
      other,
    );
    expect(stranger.body.code).toBe('album_not_found');

    for (let i = 0; i < 2; i++) {
      const r = await send(
        fields({ act: 'photo', album_id: String(albumId), file: await image(2400, 1600) }),
      );
      expect(r.body).toMatchObject({ ok: true, code: 'photo_added', photos_amount: i + 1 });
    }
    const photo = sut.db.$client
      .prepare('SELECT path, width, height FROM photos WHERE album_id = ? ORDER BY position LIMIT 1')
      .get(albumId) as {
      path: string;
      width: number;
      height: number;
    };
    expect([photo.width, photo.height]).toEqual([1920, 1280]);
    const meta = await sharp(join(sut.config.mediaDir, photo.path)).metadata();
    expect(meta.exif).toBeUndefined();
    const album = sut.db.$client
      .prepare('SELECT status_id, photos_amount, scr FROM albums WHERE id = ?')
      .get(albumId) as {
      status_id: number;
      photos_amount: number;
      scr: string;
    };
    expect(album).toMatchObject({ status_id: 2, photos_amount: 2 });
    expect(existsSync(join(sut.config.mediaDir, album.scr))).toBe(true);

    // Pending: not visible; approved: the album page answers.
    const path = `/api/json/album/0/0/${albumId}.json`;
    expect((await sut.json(path)).res.status).toBe(404);
    expect(await sut.services.publish.approveAlbum(albumId)).toBe(true);
    const shown = await sut.json(path);
    expect(shown.body.album).toMatchObject({ title: 'Seaside stills', photos_amount: 2 });
    expect(shown.body.album.photos).toHaveLength(2);
  });
});
