import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_MEDIA, type TestApp } from './helpers/test-app';

/** Provenance records, the decade filter and the per-video 2257 statement (ADR 0036). */
let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let moderator: string;
let uploader: string;
let other: string;
let moderatorId: number;
let uploaderId: number;

async function trpc(path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method === 'GET')
    return sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  return sut.json(`/trpc/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: sut.config.publicOrigin },
    body: JSON.stringify(input ?? {}),
  });
}
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const errorCode = (r: { body: { error?: { data?: { code?: string } } } }) => r.body.error?.data?.code;

let seq = 0;
function video(status: number, owner = uploaderId) {
  const now = Math.floor(Date.now() / 1000);
  const title = `Provenance Reel ${++seq}`;
  return Number(
    sqlite
      .prepare(
        `INSERT INTO videos (dir, title, status_id, gender, post_date, added_at, uploader_id, media_path,
           duration_sec, width, height, content_hash)
         VALUES (?, ?, ?, 'straight', ?, ?, ?, ?, 700, 640, 360, ?)`,
      )
      .run(title.toLowerCase().replaceAll(' ', '-'), title, status, now, now, owner, TEST_MEDIA, `h-${title}`)
      .lastInsertRowid,
  );
}
const FULL = {
  year: '1978',
  studio: 'Lantern Reel Pictures',
  rightsHolder: 'Reelhouse Film Trust',
  licenceBasis: 'licensed',
  originalFormat: '16mm',
};

beforeAll(async () => {
  sut = createTestApp({ videos: 200, env: { PROVENANCE_REQUIRED: '1' } });
  sqlite = sut.db.$client;
  moderatorId = await sut.createMember('archivist');
  uploaderId = await sut.createMember('reeler');
  await sut.createMember('stranger');
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
  moderator = await sut.signIn('archivist');
  uploader = await sut.signIn('reeler');
  other = await sut.signIn('stranger');
});
afterAll(() => sut.close());

describe('moderators', () => {
  it('edit a record, audited with before and after, and the decade follows on the video', async () => {
    const id = video(1);
    const r = await trpc('provenance.set', { videoId: id, record: FULL }, moderator);
    expect(data(r)).toMatchObject({ year: 1978, decade: 1970, originalFormat: '16mm' });
    expect(sqlite.prepare('SELECT production_decade FROM videos WHERE id = ?').pluck().get(id)).toBe(1970);
    await trpc(
      'provenance.set',
      { videoId: id, record: { ...FULL, studio: 'Silver Gate Films' } },
      moderator,
    );
    const rows = sqlite
      .prepare(
        "SELECT actor_id, before, after FROM audit_log WHERE action = 'provenance.set' AND target_id = ?",
      )
      .all(id) as { actor_id: number; before: string | null; after: string }[];
    expect(rows).toHaveLength(2);
    expect(rows[0].actor_id).toBe(moderatorId);
    expect(JSON.parse(rows[0].before ?? 'null')).toBeNull();
    expect(JSON.parse(rows[1].before!).studio).toBe('Lantern Reel Pictures');
    expect(JSON.parse(rows[1].after).studio).toBe('Silver Gate Films');
  });

  it('get a translated field error for bad input, and nothing is saved', async () => {
    const id = video(2);
    const r = await trpc('provenance.set', { videoId: id, record: { year: '1889' } }, moderator);
    expect(r.res.status).toBe(400);
    expect(r.body.error.data).toMatchObject({ code: 'provenance_year_range', field: 'year' });
    const bad = await trpc(
      'provenance.set',
      { videoId: id, record: { originalFormat: 'laserdisc' } },
      moderator,
    );
    expect(bad.res.status).toBe(400);
    expect(sqlite.prepare('SELECT count(*) FROM video_provenance WHERE video_id = ?').pluck().get(id)).toBe(
      0,
    );
  });

  it('are refused Approve without a complete record while PROVENANCE_REQUIRED is set, and see what is missing', async () => {
    const id = video(2);
    const staff = data(await trpc('provenance.staff', { videoId: id }, moderator, 'GET'));
    expect(staff).toMatchObject({ required: true, record: null });
    expect(staff.missing).toContain('date');
    const refused = await trpc('moderation.approve', { keys: [`video:${id}`] }, moderator);
    expect(refused.res.status).toBe(409);
    expect(errorCode(refused)).toBe('provenance_required');
    expect(sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(id)).toBe(2);

    await trpc('provenance.set', { videoId: id, record: FULL }, moderator);
    const approved = await trpc('moderation.approve', { keys: [`video:${id}`] }, moderator);
    expect(data(approved).done).toEqual([`video:${id}`]);
  });
});

describe('uploaders', () => {
  it('set the record of their own video until it is approved; then it is the moderators’', async () => {
    const pending = video(2);
    const r = await trpc('provenance.setOwn', { videoId: pending, record: { decade: '1960' } }, uploader);
    expect(data(r)).toMatchObject({ year: null, decade: 1960 });
    const mismatch = await trpc(
      'provenance.setOwn',
      { videoId: pending, record: { year: '1975', decade: '1960' } },
      uploader,
    );
    expect(errorCode(mismatch)).toBe('provenance_decade_mismatch');
    const approved = video(1);
    const locked = await trpc(
      'provenance.setOwn',
      { videoId: approved, record: { decade: '1960' } },
      uploader,
    );
    expect(locked.res.status).toBe(409);
    expect(errorCode(locked)).toBe('provenance_locked');
  });

  it('cannot tell someone else’s video from a missing one', async () => {
    const theirs = video(2);
    const notMine = await trpc('provenance.setOwn', { videoId: theirs, record: { decade: '1960' } }, other);
    const missing = await trpc('provenance.setOwn', { videoId: 999_999, record: { decade: '1960' } }, other);
    expect(notMine.res.status).toBe(404);
    expect(notMine.body.error.data.code).toBe(missing.body.error.data.code);
    const read = await trpc('provenance.own', { videoId: theirs }, other, 'GET');
    expect(read.res.status).toBe(404);
  });

  it('need to sign in, and members or visitors get nothing from the staff procedures', async () => {
    const id = video(2);
    expect((await trpc('provenance.setOwn', { videoId: id, record: {} })).res.status).toBe(401);
    for (const cookie of [undefined, uploader]) {
      expect((await trpc('provenance.set', { videoId: id, record: FULL }, cookie)).res.status).toBe(404);
      expect((await trpc('provenance.staff', { videoId: id }, cookie, 'GET')).res.status).toBe(404);
    }
  });
});

describe('the decade filter', () => {
  const path = (decade?: string) =>
    `/api/json/videos2/0/straight/latest-updates/60/all..1.all.0.all.json${decade ? `?decade=${decade}` : ''}`;

  it('lists only that decade in the legacy JSON, keyed apart in the response cache', async () => {
    const all = (await sut.json(path())).body;
    const fifties = (await sut.json(path('1950'))).body;
    const seventies = (await sut.json(path('1970'))).body;
    expect(fifties.total_count).toBeGreaterThan(0);
    expect(fifties.total_count).toBeLessThan(all.total_count);
    const decadeOf = sqlite.prepare('SELECT production_decade FROM videos WHERE id = ?').pluck();
    for (const v of fifties.videos) expect(decadeOf.get(Number(v.video_id))).toBe(1950);
    expect(seventies.videos.map((v: { video_id: number }) => v.video_id)).not.toEqual(
      fifties.videos.map((v: { video_id: number }) => v.video_id),
    );
    const bad = await sut.json(path('1955'));
    expect(bad.res.status).toBe(400);
  });

  it('filters tRPC listings and refuses a decade that is not one', async () => {
    const input = { sort: 'most-viewed', page: 1, count: 20, decade: 1980 };
    const r = data(await trpc('videos.list', input, undefined, 'GET'));
    expect(r.items.length).toBeGreaterThan(0);
    const bad = await trpc('videos.list', { ...input, decade: 1985 }, undefined, 'GET');
    expect(bad.res.status).toBe(400);
  });
});

describe('pages', () => {
  const html = async (path: string) => (await sut.request(path)).text();

  it('keep the decade across pages and in the anonymous cache key', async () => {
    const fifties = await html('/videos/most-viewed/1/?decade=1950');
    const sixties = await html('/videos/most-viewed/1/?decade=1960');
    expect(fifties).not.toBe(sixties);
    expect(await html('/videos/most-viewed/1/?decade=1950')).toBe(fifties);
    // The sort tabs and the other filters keep the decade (pagination builds its links the same way).
    expect(fifties).toContain('href="/videos/latest-updates/1/?decade=1950"');
    expect(fifties).toContain('href="/videos/most-viewed/1/?duration=1&amp;decade=1950"');
  });

  it('show a public video’s provenance, JSON-LD facts and its own 2257 statement', async () => {
    const row = sqlite
      .prepare(
        `SELECT v.id, v.dir, p.production_year AS year, p.studio FROM videos v JOIN video_provenance p ON p.video_id = v.id
         WHERE v.status_id = 1 AND v.is_private = 0 AND p.studio IS NOT NULL AND p.production_year < 1995 LIMIT 1`,
      )
      .get() as { id: number; dir: string; year: number; studio: string };
    const page = await html(`/videos/${row.id}/${row.dir}/`);
    expect(page).toContain('data-testid="provenance"');
    expect(page).toContain(`"dateCreated":"${row.year}"`);
    expect(page).toContain('"productionCompany"');
    expect(page).toContain(`/information/2257/?video=${row.id}`);
    const statement = await html(`/information/2257/?video=${row.id}`);
    expect(statement).toContain('data-basis="exempt"');
    expect(statement).toContain(String(row.year));

    const later = video(1);
    await trpc(
      'provenance.set',
      { videoId: later, record: { ...FULL, year: '1998', recordsRef: 'VT-2257-X1' } },
      moderator,
    );
    const records = await html(`/information/2257/?video=${later}`);
    expect(records).toContain('data-basis="records"');
    expect(records).toContain('VT-2257-X1');

    const bare = video(1);
    expect(await html(`/information/2257/?video=${bare}`)).toContain('data-basis="unknown"');
    // A hidden video has no statement; the page itself stays.
    const hidden = video(2);
    const plain = await html(`/information/2257/?video=${hidden}`);
    expect(plain).not.toContain('data-testid="video-statement"');
    expect(plain).toContain('data-testid="info-2257"');
  });

  it('are given to visitors for active videos only: made private or deleted, the same record is not shown', async () => {
    const id = video(1);
    await trpc('provenance.set', { videoId: id, record: FULL }, moderator);
    const ofVideo = async () => data(await trpc('provenance.ofVideo', { id }, undefined, 'GET'));
    expect(await ofVideo()).toMatchObject({ record: { studio: FULL.studio }, basis: 'exempt' });
    sqlite.prepare('UPDATE videos SET is_private = 1 WHERE id = ?').run(id);
    expect(await ofVideo()).toBeNull();
    sqlite.prepare('UPDATE videos SET is_private = 0, status_id = 5 WHERE id = ?').run(id);
    expect(await ofVideo()).toBeNull();
    // Pending (never approved) is not a video visitors can see at all.
    sqlite.prepare('UPDATE videos SET status_id = 2 WHERE id = ?').run(id);
    expect(await ofVideo()).toBeNull();
    sqlite.prepare('UPDATE videos SET status_id = 1 WHERE id = ?').run(id);
    expect(await ofVideo()).toMatchObject({ record: { studio: FULL.studio } });
  });
});
