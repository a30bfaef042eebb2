import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trpcMutations } from './helpers/routes';
import { createWorld, diff, jpeg, type World } from './helpers/world';

/**
 * Insecure direct object references: mallory, a plain member, aims every write at alice's objects by id.
 * Each answer must be exactly the one for an id that does not exist ("not yours" answers like "not found",
 * ARCHITECTURE.md), and no row may change. Staff routes answer members like a missing page.
 */

let w: World;
const MISSING = 999_999;
const MISSING_UPLOAD = 'f'.repeat(32);

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.sut.close());

/** Status and body without what differs per request (request id, stack). */
async function answer(res: Response) {
  const text = await res.text();
  try {
    const body = JSON.parse(text) as Record<string, any>;
    delete body.request_id;
    if (body.error?.data) delete body.error.data.stack;
    if (Array.isArray(body)) for (const e of body) delete e?.error?.data?.stack;
    return { status: res.status, body };
  } catch {
    return { status: res.status, body: text };
  }
}

/** The attack answers like the same request on a missing object, and nothing in the database changes. */
async function sameAsMissing(
  label: string,
  attack: () => Promise<Response>,
  missing: () => Promise<Response>,
) {
  const before = await w.snapshot();
  const got = await answer(await attack());
  expect(diff(before, await w.snapshot()), label).toEqual([]);
  const expected = await answer(await missing());
  expect(got.status, label).toBeGreaterThanOrEqual(400);
  expect(got, label).toEqual(expected);
  expect(diff(before, await w.snapshot()), `${label} (missing id)`).toEqual([]);
}

const asMallory = (url: string, fields: Record<string, string>) =>
  w.send('POST', url, { kind: 'form', fields }, { cookie: w.cookies.mallory });
const multipartAsMallory = (
  url: string,
  fields: Record<string, string>,
  files?: Record<string, Uint8Array>,
) => w.send('POST', url, { kind: 'multipart', fields, files }, { cookie: w.cookies.mallory });

describe("alice's playlists", () => {
  const playlist = () => String(w.fx.playlistId);
  const cases: [string, (id: string) => Record<string, string>][] = [
    [
      'playlist_upd',
      (id) => ({
        playlist_id: id,
        title: 'Stolen list',
        desc: 'Now mallory',
        visible: '1',
        orientation: 'gay',
      }),
    ],
    ['playlist_delete', (id) => ({ playlist_id: id })],
    ['playlist_add', (id) => ({ playlist_id: id, video_id: String(w.fx.videoId + 1) })],
    ['playlist_del', (id) => ({ playlist_id: id, video_id: String(w.fx.videoId) })],
  ];
  it.each(cases)('input.php act=%s on her playlist answers like a missing one', async (act, fields) => {
    await sameAsMissing(
      act,
      () => asMallory('/api/input.php', { act, ...fields(playlist()) }),
      () => asMallory('/api/input.php', { act, ...fields(String(MISSING)) }),
    );
  });

  it('her private playlist and its videos are not shown to mallory', async () => {
    const id = w.fx.playlistId;
    const reads = [
      w.trpc('playlists.page', { id, page: 1 }, { cookie: w.cookies.mallory, type: 'query' }),
      w.sut.request(`/api/json/playlist/0/0/${id}.json`, { headers: { cookie: w.cookies.mallory } }),
      w.sut.request(`/api/json/videos2/0/straight/latest-updates/10/playlist.${id}.1.all.0.all.json`, {
        headers: { cookie: w.cookies.mallory },
      }),
    ];
    for (const res of await Promise.all(reads)) {
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain('Alice private list');
    }
    const list = await w.trpc(
      'playlists.list',
      { sort: 'recent', page: 1, memberId: w.ids.alice },
      { cookie: w.cookies.mallory, type: 'query' },
    );
    expect(await list.text()).not.toContain('Alice private list');
  });
});

describe("alice's playlists, albums and sessions through tRPC", () => {
  const asMalloryTrpc = (procedure: string, input: unknown) =>
    w.trpc(procedure, input, { cookie: w.cookies.mallory });
  const cases: [string, (id: number) => unknown][] = [
    ['playlists.move', (id) => ({ playlistId: id, videoId: w.fx.videoId, direction: 'down' })],
    ['albums.update', (id) => ({ id, title: 'Stolen album', desc: 'Now mallory' })],
    ['albums.removePhoto', (id) => ({ id, photoId: w.fx.ownPhotoId })],
    ['albums.movePhoto', (id) => ({ id, photoId: w.fx.ownPhotoId, direction: 'up' })],
    ['albums.setCover', (id) => ({ id, photoId: w.fx.ownPhotoId })],
    ['albums.delete', (id) => ({ id })],
  ];
  it.each(cases)('%s on her object answers like a missing one', async (procedure, input) => {
    const own = procedure.startsWith('playlists.') ? w.fx.playlistId : w.fx.ownAlbumId;
    await sameAsMissing(
      procedure,
      () => asMalloryTrpc(procedure, input(own)),
      () => asMalloryTrpc(procedure, input(MISSING)),
    );
  });

  it('her album edit view answers mallory like a missing album', async () => {
    const read = (id: number) => w.trpc('albums.mine', { id }, { cookie: w.cookies.mallory, type: 'query' });
    expect(await answer(await read(w.fx.ownAlbumId))).toEqual(await answer(await read(MISSING)));
  });

  it("her session's key does not sign her out from mallory's account", async () => {
    const key = (
      w.sqlite
        .prepare('SELECT id FROM sessions WHERE member_id = ? LIMIT 1')
        .pluck()
        .get(w.ids.alice) as string
    ).slice(0, 16);
    await sameAsMissing(
      'account.revokeSession',
      () => asMalloryTrpc('account.revokeSession', { key }),
      () => asMalloryTrpc('account.revokeSession', { key: 'f'.repeat(16) }),
    );
  });
});

describe("alice's messages", () => {
  it('messages.php act=delete on her message answers like a missing one', async () => {
    await sameAsMissing(
      'message delete',
      () => asMallory('/api/messages.php', { act: 'delete', message_id: String(w.fx.messageId) }),
      () => asMallory('/api/messages.php', { act: 'delete', message_id: String(MISSING) }),
    );
  });

  it('her conversations are not readable by mallory', async () => {
    for (const other of [w.ids.alice, w.ids.carol]) {
      const res = await w.trpc(
        'me.conversation',
        { with: other },
        { cookie: w.cookies.mallory, type: 'query' },
      );
      expect(await res.text()).not.toContain('A secret for carol');
    }
    const list = await w.trpc('me.conversations', undefined, { cookie: w.cookies.mallory, type: 'query' });
    expect(await list.text()).not.toContain('A secret for carol');
  });
});

describe("alice's notifications", () => {
  it('notifications.read on her notification answers like a missing one', async () => {
    const read = (id: number) => () => w.trpc('notifications.read', { id }, { cookie: w.cookies.mallory });
    await sameAsMissing('notification read', read(w.fx.notificationId), read(MISSING));
  });

  it('her notifications are not listed to mallory, and marking all read leaves hers unread', async () => {
    const list = await w.trpc(
      'notifications.list',
      { page: 1 },
      { cookie: w.cookies.mallory, type: 'query' },
    );
    expect(await list.text()).not.toContain('"wall_post"');
    await w.trpc('notifications.readAll', undefined, { cookie: w.cookies.mallory });
    const readAt = w.sqlite.prepare('SELECT read_at FROM notifications WHERE id = ?').pluck();
    expect(readAt.get(w.fx.notificationId)).toBeNull();
  });
});

describe("alice's uploads and edits", () => {
  it('video_edit.php act=edit on her video answers like a missing one', async () => {
    const edit = (id: number) =>
      multipartAsMallory('/api/video_edit.php', {
        act: 'edit',
        video_id: String(id),
        title: 'Defaced by mallory',
        desc: 'x',
      });
    await sameAsMissing(
      'video edit',
      () => edit(w.fx.ownVideoId),
      () => edit(MISSING),
    );
  });

  it('uploads.edit, uploads.delete and uploads.editForm on her video answer like a missing one', async () => {
    const as = (procedure: string, input: unknown, type?: 'query') =>
      w.trpc(procedure, input, { cookie: w.cookies.mallory, ...(type ? { type } : {}) });
    const edit = (videoId: number) =>
      as('uploads.edit', {
        videoId,
        title: 'Defaced by mallory',
        description: 'x',
        categories: [],
        models: [],
        preview: { kind: 'keep' },
      });
    await sameAsMissing(
      'uploads.edit',
      () => edit(w.fx.ownVideoId),
      () => edit(MISSING),
    );
    await sameAsMissing(
      'uploads.delete',
      () => as('uploads.delete', { videoId: w.fx.ownVideoId }),
      () => as('uploads.delete', { videoId: MISSING }),
    );
    await sameAsMissing(
      'uploads.editForm',
      () => as('uploads.editForm', { videoId: w.fx.ownVideoId }, 'query'),
      () => as('uploads.editForm', { videoId: MISSING }, 'query'),
    );
  });

  it('provenance.setOwn and provenance.own on her video answer like a missing one', async () => {
    const as = (procedure: string, input: unknown, type?: 'query') =>
      w.trpc(procedure, input, { cookie: w.cookies.mallory, ...(type ? { type } : {}) });
    const set = (videoId: number) => as('provenance.setOwn', { videoId, record: { decade: '1950' } });
    await sameAsMissing(
      'provenance.setOwn',
      () => set(w.fx.ownVideoId),
      () => set(MISSING),
    );
    await sameAsMissing(
      'provenance.own',
      () => as('provenance.own', { videoId: w.fx.ownVideoId }, 'query'),
      () => as('provenance.own', { videoId: MISSING }, 'query'),
    );
    expect(
      w.sqlite
        .prepare('SELECT count(*) FROM video_provenance WHERE video_id = ?')
        .pluck()
        .get(w.fx.ownVideoId),
    ).toBe(0);
  });

  it('album_edit.php act=photo into her album answers like a missing one', async () => {
    const photo = (id: number) =>
      multipartAsMallory('/api/album_edit.php', { act: 'photo', album_id: String(id) }, { file: w.fx.image });
    await sameAsMissing(
      'album photo',
      () => photo(w.fx.ownAlbumId),
      () => photo(MISSING),
    );
  });

  it.each([
    ['HEAD', {}],
    ['PATCH', { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }],
    ['DELETE', {}],
  ] as const)('tus %s of her upload answers like a missing one', async (method, headers) => {
    const tus = async (id: string) =>
      w.sut.request(`/api/upload/${id}`, {
        method,
        headers: {
          cookie: w.cookies.mallory,
          origin: w.sut.config.publicOrigin,
          'tus-resumable': '1.0.0',
          ...headers,
        },
        body: method === 'PATCH' ? new Uint8Array(16) : undefined,
      });
    await sameAsMissing(
      `tus ${method}`,
      () => tus(w.fx.uploadId),
      () => tus(MISSING_UPLOAD),
    );
    // Her upload still answers her, untouched.
    const mine = await w.sut.request(`/api/upload/${w.fx.uploadId}`, {
      method: 'HEAD',
      headers: { cookie: w.cookies.alice, 'tus-resumable': '1.0.0' },
    });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('upload-offset')).toBe('0');
  });

  it("her uploads are not in mallory's list", async () => {
    const res = await w.trpc('uploads.mine', undefined, { cookie: w.cookies.mallory, type: 'query' });
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(w.fx.uploadId);
  });

  it("her preview token does not work in mallory's upload", async () => {
    const stored = await w.send(
      'POST',
      '/api/video_edit.php',
      { kind: 'multipart', fields: { act: 'preview' }, files: { preview: await jpeg(640, 360) } },
      { cookie: w.cookies.alice },
    );
    const token = ((await stored.json()) as { preview: string }).preview;
    expect(token).toMatch(/^[a-f0-9]{32}$/);
    const create = (preview: string) =>
      w.send(
        'POST',
        '/api/upload',
        { kind: 'none' },
        {
          cookie: w.cookies.mallory,
          headers: {
            'tus-resumable': '1.0.0',
            'upload-length': '4096',
            'upload-metadata': [
              'filename clip.mp4',
              'title Mallory clip',
              'adult 1',
              'preview_mode custom',
              `preview ${preview}`,
            ]
              .map((kv) => {
                const [k, ...v] = kv.split(' ');
                return `${k} ${btoa(v.join(' '))}`;
              })
              .join(','),
          },
        },
      );
    await sameAsMissing(
      'preview token',
      () => create(token),
      () => create('0'.repeat(32)),
    );
  });
});

describe('acting as someone else', () => {
  it('a posted _id does not make mallory accept a friend request sent to alice', async () => {
    const carolAsks = await w.send(
      'POST',
      '/api/input.php',
      { kind: 'form', fields: { act: 'friends', type: 'request', object_id: String(w.ids.alice) } },
      { cookie: w.cookies.carol },
    );
    expect(carolAsks.status).toBe(200);
    const accept = (object: number) =>
      asMallory('/api/input.php', {
        act: 'friends',
        type: 'accept',
        object_id: String(object),
        _id: String(w.ids.alice),
      });
    // Chief never asked mallory anything: the answer for "no such request".
    await sameAsMissing(
      'friend accept as alice',
      () => accept(w.ids.carol),
      () => accept(w.ids.chief),
    );
    const rows = w.sqlite
      .prepare(
        'SELECT member_id, friend_id, status FROM friends WHERE member_id IN (?, ?) OR friend_id IN (?, ?)',
      )
      .all(w.ids.alice, w.ids.mallory, w.ids.alice, w.ids.mallory);
    expect(rows).toEqual([{ member_id: w.ids.carol, friend_id: w.ids.alice, status: 'pending' }]);
  });

  it("member.php with alice's id edits mallory's own profile only", async () => {
    const aliceBefore = w.sqlite.prepare('SELECT * FROM members WHERE id = ?').get(w.ids.alice) as Record<
      string,
      unknown
    >;
    for (const idField of ['_id', 'member_id', 'id', 'user_id']) {
      const res = await asMallory('/api/member.php', {
        section: 'profile',
        city: 'Mallorytown',
        [idField]: String(w.ids.alice),
      });
      expect(res.status).toBe(200);
      const privacy = await asMallory('/api/member.php', {
        section: 'privacy',
        private_sections: '',
        [idField]: String(w.ids.alice),
      });
      expect(privacy.status).toBe(200);
    }
    const aliceAfter = w.sqlite.prepare('SELECT * FROM members WHERE id = ?').get(w.ids.alice) as Record<
      string,
      unknown
    >;
    delete aliceBefore.last_seen_at;
    delete aliceAfter.last_seen_at;
    expect(aliceAfter).toEqual(aliceBefore);
    expect(w.sqlite.prepare('SELECT city FROM members WHERE id = ?').pluck().get(w.ids.mallory)).toBe(
      'Mallorytown',
    );
  });

  it("stats.php view with alice's _id does not write alice's history", async () => {
    const history = () =>
      w.sqlite.prepare('SELECT count(*) FROM watch_history WHERE member_id = ?').pluck().get(w.ids.alice);
    const before = history();
    const res = await asMallory('/api/stats.php', {
      act: 'view',
      object_id: String(w.fx.videoId + 2),
      _id: String(w.ids.alice),
    });
    expect(res.status).toBe(200);
    await w.sut.services.views.flush();
    expect(history()).toBe(before);
  });
});

describe('staff routes as a plain member', () => {
  const staffMutations = () => trpcMutations(w.fx).filter((m) => m.need === 'staff' || m.need === 'admin');

  it('every moderation mutation answers mallory like a missing page and changes nothing', async () => {
    for (const m of staffMutations()) {
      const before = await w.snapshot();
      const got = await answer(await w.trpc(m.procedure, m.input, { cookie: w.cookies.mallory }));
      expect(got.status, m.procedure).toBe(404);
      expect((got.body as { error: { data: { code: string } } }).error.data.code, m.procedure).toBe(
        'NOT_FOUND',
      );
      expect(diff(before, await w.snapshot()), m.procedure).toEqual([]);
    }
  });

  it('admin mutations answer a moderator like a missing page and change nothing', async () => {
    for (const m of trpcMutations(w.fx).filter((x) => x.need === 'admin')) {
      const before = await w.snapshot();
      const res = await w.trpc(m.procedure, m.input, { cookie: w.cookies.warden });
      expect(res.status, m.procedure).toBe(404);
      expect(diff(before, await w.snapshot()), m.procedure).toEqual([]);
    }
  });

  it('every moderation query answers mallory 404', async () => {
    const procedures = Object.entries(
      (await import('../../apps/api/src/trpc/root')).appRouter._def.procedures as unknown as Record<
        string,
        { _def: { type: string } }
      >,
    ).filter(([name, p]) => /^(moderation|versions)\./.test(name) && p._def.type === 'query');
    expect(procedures.length).toBeGreaterThan(3);
    for (const [name] of procedures) {
      const res = await w.trpc(name, {}, { cookie: w.cookies.mallory, type: 'query' });
      expect(res.status, name).toBe(404);
    }
  });

  it('the staff-only files answer mallory like missing ones', async () => {
    const vtt = (id: number, cookie: string) =>
      w.sut.request(`/api/moderation/timeline/${id}.vtt`, { headers: { cookie } });
    const staff = await vtt(w.fx.ownVideoId, w.cookies.warden);
    expect(staff.status).toBe(200);
    const got = await answer(await vtt(w.fx.ownVideoId, w.cookies.mallory));
    expect(got).toEqual(await answer(await vtt(MISSING, w.cookies.warden)));
    const file = await answer(
      await w.sut.request('/api/moderation/report-file/1', { headers: { cookie: w.cookies.mallory } }),
    );
    expect(file.status).toBe(404);
  });
});

describe("alice's removed video (appeals, ADR 0037)", () => {
  it('appeals.appealRemoval and appeals.removal on her removed video answer mallory like a missing one', async () => {
    const sqlite = w.sut.db.$client;
    const warden = sqlite
      .prepare("SELECT id FROM members WHERE role IN ('moderator', 'admin') LIMIT 1")
      .pluck()
      .get() as number;
    await w.sut.services.moderation.removals.takeDown(warden, w.fx.ownVideoId, 'test removal');
    // Its re-index job is queued without waiting (ADR 0041): written before the tables are compared.
    await w.sut.services.jobs.settled();
    const as = (procedure: string, input: unknown, type?: 'query') =>
      w.trpc(procedure, input, { cookie: w.cookies.mallory, ...(type ? { type } : {}) });
    const appeal = (videoId: number) =>
      as('appeals.appealRemoval', { videoId, statement: 'Mallory appeals for alice.' });
    await sameAsMissing(
      'appeals.appealRemoval',
      () => appeal(w.fx.ownVideoId),
      () => appeal(MISSING),
    );
    await sameAsMissing(
      'appeals.removal',
      () => as('appeals.removal', { videoId: w.fx.ownVideoId }, 'query'),
      () => as('appeals.removal', { videoId: MISSING }, 'query'),
    );
  });
});
