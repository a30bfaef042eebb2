import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

let sut: TestApp;
let ann: string;
let ben: string;
let eve: string;
let annId: number;
let benId: number;
beforeAll(async () => {
  sut = createTestApp({ videos: 10 });
  annId = await sut.createMember('AnnArchive');
  benId = await sut.createMember('BenArchive');
  await sut.createMember('EveArchive');
  ann = await sut.signIn('AnnArchive');
  ben = await sut.signIn('BenArchive');
  eve = await sut.signIn('EveArchive');
});
afterAll(() => sut.close());

const trpc = (path: string, input: unknown, cookie?: string) =>
  sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: cookie ? { cookie } : {},
  });

describe('private messages', () => {
  it('sends, lists conversations with unread counts, marks read on opening, and keeps them between the two', async () => {
    expect(
      (await sut.post('/api/messages.php', { act: 'send', to: String(benId), msg: 'Hi' })).res.status,
    ).toBe(401);
    expect(
      (await sut.post('/api/messages.php', { act: 'send', to: String(annId), msg: 'Me' }, { cookie: ann }))
        .body.code,
    ).toBe('cant_message_self');
    expect(
      (await sut.post('/api/messages.php', { act: 'send', to: String(benId), msg: '  ' }, { cookie: ann }))
        .body,
    ).toMatchObject({
      code: 'required',
      field: 'msg',
    });
    const sent = await sut.post(
      '/api/messages.php',
      { act: 'send', to: String(benId), msg: 'Loved your playlist!' },
      { cookie: ann },
    );
    expect(sent.body).toMatchObject({ ok: true, code: 'message_sent' });
    // A forged _id changes nothing: the sender is the session's member.
    await sut.post(
      '/api/messages.php',
      { act: 'send', to: String(benId), msg: 'Second one', _id: String(benId) },
      { cookie: ann },
    );
    const row = sut.db.$client.prepare('SELECT from_id FROM messages WHERE body = ?').get('Second one') as {
      from_id: number;
    };
    expect(row.from_id).toBe(annId);

    expect((await trpc('me.unread', undefined, ben)).body.result.data).toBe(2);
    const convs = (await trpc('me.conversations', undefined, ben)).body.result.data;
    expect(convs[0]).toMatchObject({
      member: { id: annId, name: 'AnnArchive' },
      unread: 2,
      last: { body: 'Second one', fromMe: false },
    });
    const opened = (await trpc('me.conversation', { with: annId }, ben)).body.result.data;
    expect(opened.messages.items.map((m: { body: string }) => m.body)).toEqual([
      'Loved your playlist!',
      'Second one',
    ]);
    expect((await trpc('me.unread', undefined, ben)).body.result.data).toBe(0);

    // Eve sees none of it; visitors are refused.
    expect((await trpc('me.conversation', { with: annId }, eve)).body.result.data.messages.totalCount).toBe(
      0,
    );
    expect((await trpc('me.conversations', undefined)).res.status).toBe(401);
    // Eve cannot delete Ann's message.
    const id = sent.body.message_id;
    expect(
      (await sut.post('/api/messages.php', { act: 'delete', message_id: String(id) }, { cookie: eve })).body
        .code,
    ).toBe('message_not_found');
    expect(
      (await sut.post('/api/messages.php', { act: 'delete', message_id: String(id) }, { cookie: ben })).body
        .code,
    ).toBe('message_deleted');
    expect((await trpc('me.conversation', { with: annId }, ben)).body.result.data.messages.totalCount).toBe(
      1,
    );
    expect((await trpc('me.conversation', { with: benId }, ann)).body.result.data.messages.totalCount).toBe(
      2,
    );
  });
});

describe('profile editing', () => {
  it('saves every spec §3 field, refusing bad values without saving any', async () => {
    const fields = {
      section: 'profile',
      gender: '2',
      birth_date: '1970-05-17',
      relationship: '1',
      orientation: '4',
      education: 'Film school',
      website: 'https://example.test/reels',
      country: 'FR',
      city: 'Lyon',
      occupation: 'Projectionist',
      interests: 'Silent films',
      about: 'I restore old reels.',
    };
    expect((await sut.post('/api/member.php', fields)).res.status).toBe(401);
    const bad = await sut.post('/api/member.php', { ...fields, city: 'Paris', gender: '7' }, { cookie: ann });
    expect(bad.body).toMatchObject({ code: 'bad_gender', field: 'gender', notify: true });
    const minor = await sut.post(
      '/api/member.php',
      { section: 'profile', birth_date: `${new Date().getUTCFullYear() - 10}-01-01` },
      { cookie: ann },
    );
    expect(minor.body.code).toBe('bad_birth_date');
    expect(
      (
        await sut.post(
          '/api/member.php',
          { section: 'profile', website: 'javascript:alert(1)' },
          { cookie: ann },
        )
      ).body.code,
    ).toBe('invalid_url');
    expect(
      (await sut.post('/api/member.php', { section: 'profile', about: 'x'.repeat(1001) }, { cookie: ann }))
        .body,
    ).toMatchObject({
      code: 'max_length',
      info: { length: 1000 },
    });
    const good = await sut.post('/api/member.php', fields, { cookie: ann });
    expect(good.body).toEqual({ ok: true, code: 'profile_changed' });
    const info = await sut.json(`/api/json/member/0/info/0/${annId}.json`);
    expect(info.body.member).toMatchObject({
      gender: 2,
      birth_date: '1970-05-17',
      relationship: 1,
      orientation: 4,
      education: 'Film school',
      website: 'https://example.test/reels',
      country: 'fr',
      city: 'Lyon',
      occupation: 'Projectionist',
      interests: 'Silent films',
      about: 'I restore old reels.',
    });
  });

  it('sets privacy sections', async () => {
    expect(
      (
        await sut.post(
          '/api/member.php',
          { section: 'privacy', private_sections: 'friends,secrets' },
          { cookie: ann },
        )
      ).body.code,
    ).toBe('bad_private_sections');
    await sut.post(
      '/api/member.php',
      { section: 'privacy', private_sections: 'friends,history' },
      { cookie: ann },
    );
    expect((await sut.json(`/api/json/member/0/friends/0/${annId}.json`)).res.status).toBe(403);
    expect((await sut.json(`/api/json/member/0/videos/0/${annId}.json?type=watch_later`)).res.status).toBe(
      200,
    );
  });

  it('takes an avatar through sharp: too small is refused, EXIF is stripped', async () => {
    const upload = async (kind: string, image: Buffer, cookie = ann) => {
      const form = new FormData();
      form.set('section', kind);
      form.set('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
      return sut.json('/api/member.php', {
        method: 'POST',
        body: form,
        headers: { cookie, origin: sut.config.publicOrigin },
      });
    };
    const tiny = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    expect((await upload('avatar', tiny)).body).toMatchObject({
      code: 'invalid_image_size',
      error: 'Invalid image size',
    });
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#884422' } })
      .withExif({ IFD0: { Artist: 'Secret Person', Copyright: 'GPS here' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const r = await upload('avatar', photo);
    expect(r.body).toMatchObject({
      ok: true,
      code: 'profile_changed',
      url: expect.stringMatching(/^\/thumbs\/members\/\d+\/avatar-/),
    });
    const file = join(sut.config.mediaDir, r.body.url.slice('/thumbs/'.length));
    expect(existsSync(file)).toBe(true);
    const meta = await sharp(file).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect((await sut.request(r.body.url)).status).toBe(200);
    expect((await upload('cover', photo)).body.code).toBe('invalid_image_size');
    expect((await upload('avatar', Buffer.from('not an image'))).body.code).toBe('bad_file_type');
  });
});
