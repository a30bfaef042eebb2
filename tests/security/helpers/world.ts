import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { createTestApp, TEST_MEDIA, type TestApp } from '../../integration/helpers/test-app';
import type { Body, Fixtures } from './routes';

/**
 * A real app on a temp database with the cast of the offensive suite: alice owns things, mallory attacks
 * them, carol is a bystander, warden moderates and chief administers.
 */
export interface World {
  sut: TestApp;
  sqlite: TestApp['db']['$client'];
  ids: { alice: number; mallory: number; carol: number; warden: number; chief: number };
  cookies: { alice: string; mallory: string; carol: string; warden: string; chief: string };
  /** Alice's objects (and the public ones) that the catalogue's bodies point at. */
  fx: Fixtures;
  /** Sends a catalogue body with these headers (the site's Origin unless `origin` says otherwise). */
  send(
    method: string,
    url: string,
    body: Body,
    opts?: { cookie?: string; origin?: string | null; headers?: Record<string, string> },
  ): Promise<Response>;
  /** A tRPC call as the browser makes it: queries GET `?input=`, mutations POST JSON. */
  trpc(
    procedure: string,
    input: unknown,
    opts?: {
      cookie?: string;
      origin?: string | null;
      type?: 'query' | 'mutation';
      headers?: Record<string, string>;
    },
  ): Promise<Response>;
  /** A digest of every row the app keeps, bookkeeping aside (VOLATILE_TABLES). */
  fingerprint(): Promise<string>;
  /** A digest per table, for naming what changed (diff). */
  snapshot(): Promise<Map<string, string>>;
}

/** Bookkeeping a refused request may touch: sessions (sliding expiry), statistics, attempt counters. */
const VOLATILE_TABLES = /^(sessions|sqlite_|__drizzle|rate_limits)/;
const VOLATILE_COLUMNS = new Set(['last_seen_at']);

export async function jpeg(width: number, height: number): Promise<Uint8Array> {
  const buf = await sharp({ create: { width, height, channels: 3, background: '#7a6a55' } })
    .jpeg()
    .toBuffer();
  return new Uint8Array(buf);
}

export function encode(body: Body): { body?: BodyInit; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'form':
      return {
        body: new URLSearchParams(body.fields).toString(),
        contentType: 'application/x-www-form-urlencoded',
      };
    case 'json':
      return { body: JSON.stringify(body.value), contentType: 'application/json' };
    case 'multipart': {
      const fd = new FormData();
      for (const [k, v] of Object.entries(body.fields)) fd.append(k, v);
      for (const [k, v] of Object.entries(body.files ?? {}))
        fd.append(k, new Blob([v as Uint8Array<ArrayBuffer>]), k === 'file' ? 'clip.mp4' : 'image.jpg');
      // The Request sets the multipart Content-Type with its boundary.
      return { body: fd };
    }
  }
}

export async function createWorld(): Promise<World> {
  const sut = createTestApp({ videos: 60, photos: 2 });
  const sqlite = sut.db.$client;
  const origin = sut.config.publicOrigin;
  const names = ['alice', 'mallory', 'carol', 'warden', 'chief'] as const;
  const ids = {} as World['ids'];
  for (const n of names) ids[n] = await sut.createMember(n);
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(ids.warden);
  sqlite.prepare("UPDATE members SET role = 'admin' WHERE id = ?").run(ids.chief);
  const cookies = {} as World['cookies'];
  for (const n of names) cookies[n] = await sut.signIn(n);

  const send: World['send'] = async (method, url, body, opts = {}) => {
    const { body: payload, contentType } = encode(body);
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (contentType) headers['content-type'] = contentType;
    if (opts.origin !== null) headers.origin = opts.origin ?? origin;
    if (opts.cookie) headers.cookie = opts.cookie;
    return sut.request(url, { method, headers, body: payload });
  };
  const trpc: World['trpc'] = async (procedure, input, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.type === 'query') {
      const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return sut.request(`/trpc/${procedure}${q}`, { headers });
    }
    if (opts.origin !== null) headers.origin = opts.origin ?? origin;
    headers['content-type'] = 'application/json';
    return sut.request(`/trpc/${procedure}`, {
      method: 'POST',
      headers,
      body: input === undefined ? undefined : JSON.stringify(input),
    });
  };

  const one = <T>(sql: string, ...args: unknown[]) =>
    sqlite
      .prepare(sql)
      .pluck()
      .get(...args) as T;
  const videoId = one<number>('SELECT min(id) FROM videos WHERE status_id = 1');
  const albumId = one<number>('SELECT min(id) FROM albums WHERE status_id = 1');
  const modelId = one<number>('SELECT min(id) FROM models');
  const image = await jpeg(1300, 400);

  const asAlice = async (url: string, body: Body) => {
    const res = await send('POST', url, body, { cookie: cookies.alice });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
    return json;
  };
  const playlist = await asAlice('/api/input.php', {
    kind: 'form',
    fields: {
      act: 'playlist_new',
      title: 'Alice private list',
      desc: 'Only for alice',
      visible: '0',
      orientation: 'straight',
      video_id: String(videoId),
    },
  });
  const message = await asAlice('/api/messages.php', {
    kind: 'form',
    fields: { act: 'send', to: String(ids.carol), msg: 'A secret for carol' },
  });
  const comment = await asAlice('/api/stats.php', {
    kind: 'form',
    fields: { act: 'comm', section: 'video', object_id: String(videoId), msg: 'Alice was here' },
  });
  const album = await asAlice('/api/album_edit.php', {
    kind: 'multipart',
    fields: { act: 'create', title: 'Alice album', desc: 'Pending', adult: '1' },
  });
  const photo = await asAlice('/api/album_edit.php', {
    kind: 'multipart',
    fields: { act: 'photo', album_id: String(album.album_id) },
    files: { file: image },
  });
  const now = Math.floor(Date.now() / 1000);
  const ownVideoId = Number(
    sqlite
      .prepare(
        `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, uploader_id, media_path,
           duration_sec, width, height, timeline_count, timeline_interval, content_hash)
         VALUES ('alice-reel', 'Alice Reel', 'Alice home movie.', 2, 'straight', ?, ?, ?, ?, 700, 640, 360, 2, 5, 'hash-alice')`,
      )
      .run(now, now, ids.alice, TEST_MEDIA).lastInsertRowid,
  );
  const tus = await send(
    'POST',
    '/api/upload',
    { kind: 'none' },
    {
      cookie: cookies.alice,
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '4096',
        'upload-metadata': `filename ${btoa('alice.mp4')},title ${btoa('Alice upload')},adult ${btoa('1')}`,
      },
    },
  );
  if (tus.status !== 201) throw new Error(`tus create: ${tus.status} ${await tus.text()}`);
  const uploadId = (tus.headers.get('location') ?? '').split('/').pop()!;

  // A notification of alice's (carol wrote on her profile).
  await sut.services.notifications.fromMember(ids.carol, ids.alice, 'wall_post');
  const notificationId = sqlite
    .prepare('SELECT max(id) FROM notifications WHERE member_id = ?')
    .pluck()
    .get(ids.alice) as number;

  const fx: Fixtures = {
    videoId,
    otherMemberId: ids.carol,
    modelId,
    albumId,
    playlistId: playlist.playlist_id as number,
    messageId: message.message_id as number,
    commentId: comment.comment_id as number,
    ownVideoId,
    ownAlbumId: album.album_id as number,
    ownPhotoId: photo.photo_id as number,
    uploadId,
    pendingVideoId: ownVideoId,
    notificationId,
    image,
  };

  // One concatenation per table, built by SQLite itself: a JS object per row would take ~100 ms a snapshot.
  const digests = (
    sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[]
  )
    .filter((t) => !VOLATILE_TABLES.test(t))
    .map((t) => {
      const columns = (sqlite.prepare(`PRAGMA table_info("${t}")`).all() as { name: string }[])
        .map((c) => c.name)
        .filter((c) => !VOLATILE_COLUMNS.has(c));
      const row = columns.map((c) => `quote("${c}")`).join(" || ',' || ");
      return {
        table: t,
        dump: sqlite.prepare(`SELECT count(*) || ':' || group_concat(${row}, char(10)) FROM "${t}"`).pluck(),
      };
    });
  const snapshot = async () => {
    // Views and album views wait in memory for their batch: land them so they count as changes.
    await sut.services.views.flush();
    const out = new Map<string, string>();
    for (const { table, dump } of digests)
      out.set(
        table,
        createHash('sha256')
          .update(String(dump.get() ?? ''))
          .digest('hex'),
      );
    return out;
  };
  const fingerprint = async () => {
    const h = createHash('sha256');
    for (const [t, d] of await snapshot()) h.update(`${t}=${d}\n`);
    return h.digest('hex');
  };

  return { sut, sqlite, ids, cookies, fx, send, trpc, fingerprint, snapshot };
}

/** The tables whose rows differ between two snapshots, for a failure message. */
export function diff(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((t) => before.get(t) !== after.get(t)).map((t) => `table ${t} changed`);
}
