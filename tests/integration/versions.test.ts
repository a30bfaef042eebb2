import { indexVideos, rebuildListingFacets } from '@vt/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketOf } from '../../apps/api/src/services/media/media-urls.service';
import { createTestApp, type TestApp } from './helpers/test-app';

// Versions of one film (ADR 0035): grouping, what visitors see, and that ungrouping restores everything.

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let moderator: string;
let member: string;
let moderatorId: number;
let memberId: number;

async function trpc(path: string, input: unknown, cookie?: string, method: 'GET' | 'POST' = 'POST') {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (method === 'GET') {
    return sut.json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  }
  return sut.json(`/trpc/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', origin: sut.config.publicOrigin },
    body: JSON.stringify(input ?? {}),
  });
}
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const errorCode = (r: { body: any }) => r.body.error?.data?.code as string | undefined;

const LATEST = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';
const videoJson = (id: number) => `/api/json/video/86400/${bucketOf(id)}/${id}.json`;
const commentsJson = (id: number) => `/api/json/comments/3600/video/${bucketOf(id)}/${id}.json`;
const search = (s: string) =>
  `/api/videos2.php?params=600/straight/relevance/60/all..1.all.0.all&s=${encodeURIComponent(s)}`;

let seq = 0;
/** A listed video of its own (a distinctive title, views and a comment), as an uploaded copy would be. */
function film(title: string, views: number, status = 1) {
  const now = Math.floor(Date.now() / 1000);
  const id = Number(
    sqlite
      .prepare(
        `INSERT INTO videos (dir, title, description, status_id, gender, post_date, added_at, media_path,
           duration_sec, width, height, video_viewed, content_hash)
         VALUES (?, ?, 'An invented test-pattern reel.', ?, 'straight', ?, ?, 'test/clip-1', 754, 640, 480, ?, ?)`,
      )
      .run(title.toLowerCase().replaceAll(' ', '-'), title, status, now + seq, now, views, `hash-${++seq}`)
      .lastInsertRowid,
  );
  return id;
}
function comment(videoId: number, text: string) {
  sqlite
    .prepare(
      "INSERT INTO comments (section, object_id, member_id, comment, added_date) VALUES ('video', ?, ?, ?, ?)",
    )
    .run(videoId, memberId, text, Math.floor(Date.now() / 1000) + seq++);
  sqlite.prepare('UPDATE videos SET comments_count = comments_count + 1 WHERE id = ?').run(videoId);
}
const auditRows = (targetId: number) =>
  sqlite
    .prepare(
      'SELECT actor_id, action, before, after FROM audit_log WHERE target_id = ? AND action LIKE ? ORDER BY id',
    )
    .all(targetId, 'video.version%') as { actor_id: number; action: string; before: string; after: string }[];
/** Straight videos a listing shows: listed ones that are not a version shown under a canonical. */
const listedCount = () =>
  sqlite
    .prepare(
      `SELECT count(*) FROM videos v WHERE status_id = 1 AND is_private = 0 AND gender = 'straight'
         AND id NOT IN (SELECT video_id FROM video_versions)`,
    )
    .pluck()
    .get() as number;
const listedIds = async (path = LATEST) =>
  ((await sut.json(path)).body.videos as { video_id: number }[]).map((v) => v.video_id);

let a: number;
let b: number;
let c: number;

beforeAll(async () => {
  sut = createTestApp({ videos: 60 });
  sqlite = sut.db.$client;
  moderatorId = await sut.createMember('keeper');
  memberId = await sut.createMember('viewer');
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
  moderator = await sut.signIn('keeper');
  member = await sut.signIn('viewer');
  a = film('Zephyr Carousel Original', 100);
  b = film('Zephyr Carousel Rip', 40);
  c = film('Zephyr Carousel Telecine', 7);
  comment(a, 'A comment on the original reel');
  comment(b, 'A comment on the rip of the reel');
  comment(c, 'A comment on the telecine copy');
  indexVideos(sqlite, [a, b, c]);
});
afterAll(() => sut.close());

describe('version groups', () => {
  it('refuses visitors and members like a missing page', async () => {
    for (const cookie of [undefined, member]) {
      const r = await trpc('versions.add', { videoId: a, ref: String(b), mode: 'redirect' }, cookie);
      expect(r.res.status).toBe(404);
      expect((await trpc('versions.group', { videoId: a }, cookie, 'GET')).res.status).toBe(404);
      expect((await trpc('versions.ungroup', { videoId: a }, cookie)).res.status).toBe(404);
      expect((await trpc('versions.makeCanonical', { videoId: a }, cookie)).res.status).toBe(404);
    }
    expect(sqlite.prepare('SELECT count(*) FROM video_versions').pluck().get()).toBe(0);
  });

  it('refuses nonsense with translated codes', async () => {
    const pending = film('Zephyr Pending Copy', 0, 2);
    const rejected = film('Zephyr Rejected Copy', 0, 4);
    const cases: [unknown, string][] = [
      [{ videoId: a, ref: String(a), mode: 'redirect' }, 'version_same_video'],
      [{ videoId: a, ref: '999999', mode: 'redirect' }, 'video_not_found'],
      [
        { videoId: a, ref: 'https://elsewhere.example/videos/12/x/', mode: 'redirect' },
        'version_bad_reference',
      ],
      [{ videoId: a, ref: 'not a video', mode: 'redirect' }, 'version_bad_reference'],
      [{ videoId: pending, ref: String(a), mode: 'redirect' }, 'version_canonical_not_public'],
      [{ videoId: a, ref: String(rejected), mode: 'listed' }, 'version_not_eligible'],
    ];
    for (const [input, code] of cases) {
      const r = await trpc('versions.add', input, moderator);
      expect(r.res.status, code).toBeGreaterThanOrEqual(400);
      expect(errorCode(r), JSON.stringify(input)).toBe(code);
    }
    // Malformed input never reaches the service.
    for (const bad of [
      { videoId: a, ref: '', mode: 'redirect' },
      { videoId: a, ref: String(b), mode: 'merge' },
      { videoId: -1, ref: String(b), mode: 'redirect' },
      { videoId: a, ref: 'x'.repeat(2001), mode: 'redirect' },
    ])
      expect((await trpc('versions.add', bad, moderator)).res.status).toBe(400);
    // A pending upload may join a group as a version (queue item: "this is a version of the other").
    const r = await trpc(
      'versions.add',
      { videoId: pending, ref: `/videos/${a}/x/`, mode: 'redirect', asCanonical: true },
      moderator,
    );
    expect(r.res.status).toBe(200);
    expect(data(r).members.map((m: { id: number }) => m.id)).toEqual([pending]);
    expect((await trpc('versions.ungroup', { videoId: pending }, moderator)).res.status).toBe(200);
  });

  it('groups by id or page URL, audits and purges the caches', async () => {
    // Warm the caches: the listing and the canonical's JSON.
    expect(await listedIds()).toEqual(expect.arrayContaining([a, b, c]));
    const before = (await sut.json(videoJson(a))).body.video;
    expect(before.video_viewed).toBe(100);

    const r1 = await trpc('versions.add', { videoId: a, ref: String(b), mode: 'redirect' }, moderator);
    expect(r1.res.status).toBe(200);
    const r2 = await trpc(
      'versions.add',
      { videoId: a, ref: `${sut.config.publicOrigin}/videos/${c}/zephyr-carousel-telecine/`, mode: 'listed' },
      moderator,
    );
    expect(r2.res.status).toBe(200);
    expect(data(r2).canonical.id).toBe(a);
    expect(data(r2).members.map((m: { id: number; mode: string }) => [m.id, m.mode])).toEqual([
      [b, 'redirect'],
      [c, 'listed'],
    ]);
    const rows = auditRows(b);
    expect(rows).toHaveLength(1);
    expect(rows[0].actor_id).toBe(moderatorId);
    expect(rows[0].action).toBe('video.version_group');
    expect(JSON.parse(rows[0].after)).toEqual({ canonical_id: a, mode: 'redirect' });
    expect(auditRows(c)[0].action).toBe('video.version_group');

    // Cached answers were purged: the listing and the canonical's JSON show the group at once.
    const listed = await listedIds();
    expect(listed).toContain(a);
    expect(listed).not.toContain(b);
    expect(listed).not.toContain(c);
    const after = (await sut.json(videoJson(a))).body.video;
    expect(after.video_viewed).toBe(147);
    expect(after.statistics.viewed).toBe(147);
    expect(after.versions).toEqual([
      expect.objectContaining({ video_id: c, height: 480, duration: '00:12:34' }),
    ]);
  });

  it('refuses chains and a second group', async () => {
    const d = film('Zephyr Carousel Fourth', 1);
    const cases: [unknown, string][] = [
      // b is a version of a: it cannot be a canonical, nor be grouped elsewhere.
      [{ videoId: b, ref: String(d), mode: 'redirect' }, 'version_canonical_is_version'],
      [{ videoId: d, ref: String(b), mode: 'redirect' }, 'version_already_grouped'],
      // a leads a group: it cannot become a version of d.
      [{ videoId: d, ref: String(a), mode: 'redirect' }, 'version_is_canonical'],
    ];
    for (const [input, code] of cases)
      expect(errorCode(await trpc('versions.add', input, moderator))).toBe(code);
    expect(errorCode(await trpc('versions.makeCanonical', { videoId: d }, moderator))).toBe(
      'version_not_grouped',
    );
    expect(errorCode(await trpc('versions.ungroup', { videoId: d }, moderator))).toBe('version_not_grouped');
  });

  it('merges views and comments on the canonical page data', async () => {
    const page = data(await trpc('videos.get', { id: a }, undefined, 'GET'));
    expect(page.views).toBe(147);
    expect(page.commentsCount).toBe(3);
    expect(page.versions.role).toBe('canonical');
    expect(page.versions.alternates.map((x: { id: number }) => x.id)).toEqual([c]);
    const comments = (await sut.json(commentsJson(a))).body.comments as { comment: string }[];
    expect(comments.map((x) => x.comment).sort()).toEqual([
      'A comment on the original reel',
      'A comment on the rip of the reel',
      'A comment on the telecine copy',
    ]);
    // A listed version keeps its own page and data, and names its canonical.
    const alt = data(await trpc('videos.get', { id: c }, undefined, 'GET'));
    expect(alt.views).toBe(7);
    expect(alt.versions).toEqual({
      role: 'version',
      versionOf: {
        mode: 'listed',
        canonical: {
          id: a,
          title: 'Zephyr Carousel Original',
          url: `/videos/${a}/zephyr-carousel-original/`,
        },
      },
    });
    // Shown but not listed (is_private 2, from legacy data): a version still names its canonical; a canonical
    // heads no group, so its page counts its own views and comments and lists no alternates.
    const unlisted = async (id: number) => {
      sqlite.prepare('UPDATE videos SET is_private = 2 WHERE id = ?').run(id);
      await sut.services.caches.purge();
      const page = data(await trpc('videos.get', { id }, undefined, 'GET'));
      sqlite.prepare('UPDATE videos SET is_private = 0 WHERE id = ?').run(id);
      await sut.services.caches.purge();
      return page;
    };
    expect((await unlisted(c)).versions).toEqual(alt.versions);
    const alone = await unlisted(a);
    expect([alone.state, alone.views, alone.commentsCount, alone.versions]).toEqual(['active', 100, 1, null]);
    const legacy = (await sut.json(videoJson(b))).body.video;
    expect(legacy.version_of).toEqual({
      video_id: a,
      title: 'Zephyr Carousel Original',
      url: `/videos/${a}/zephyr-carousel-original/`,
      redirect: true,
    });
  });

  it('answers a redirected version’s page with 301 to the canonical; a listed one shows both blocks', async () => {
    const r = await sut.request(`/videos/${b}/zephyr-carousel-rip/?related_page=2`, { redirect: 'manual' });
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe(`/videos/${a}/zephyr-carousel-original/?related_page=2`);
    const canonical = await (await sut.request(`/videos/${a}/zephyr-carousel-original/`)).text();
    expect(canonical).toContain('data-testid="other-versions"');
    expect(canonical).toContain(`/videos/${c}/zephyr-carousel-telecine/`);
    expect(canonical).toContain('A comment on the rip of the reel');
    const alt = await (await sut.request(`/videos/${c}/zephyr-carousel-telecine/`)).text();
    expect(alt).toContain('data-testid="version-of"');
    // Its canonical link and structured data name the canonical page.
    expect(alt).toContain(
      `<link rel="canonical" href="${sut.config.publicOrigin}/videos/${a}/zephyr-carousel-original/"`,
    );
    expect(alt).toContain(`"url":"${sut.config.publicOrigin}/videos/${a}/zephyr-carousel-original/"`);
  });

  it('shows the group once in search and sitemaps', async () => {
    const found = ((await sut.json(search('Zephyr Carousel'))).body.videos as { video_id: number }[]).map(
      (v) => v.video_id,
    );
    expect(found).toContain(a);
    expect(found).not.toContain(b);
    expect(found).not.toContain(c);
    const sitemap = await (await sut.request('/sitemaps/videos-1.xml')).text();
    expect(sitemap).toContain(`/videos/${a}/zephyr-carousel-original/</loc>`);
    expect(sitemap).not.toContain(`/videos/${b}/zephyr-carousel-rip/</loc>`);
    expect(sitemap).not.toContain(`/videos/${c}/zephyr-carousel-telecine/</loc>`);
  });

  it('listing totals count the group once', async () => {
    // The group's films share a category, whose box on the categories page must match its listing.
    const retro = sqlite.prepare("SELECT id FROM categories WHERE dir = 'retro'").pluck().get() as number;
    const link = sqlite.prepare(
      'INSERT OR IGNORE INTO video_categories (video_id, category_id) VALUES (?, ?)',
    );
    for (const id of [a, b, c]) link.run(id, retro);
    // The test's films were inserted directly: count them into the facets as a publish would.
    rebuildListingFacets(sqlite);
    sut.services.listing.invalidateCounts();
    await sut.services.caches.purge();
    expect((await sut.json(LATEST)).body.total_count).toBe(listedCount());
    const listed = (await sut.json(LATEST.replace('/all..1.', '/categories.retro.1.'))).body
      .total_count as number;
    const boxes = (await sut.json('/api/json/categories/14400/straight.videos.en.json')).body.categories as {
      dir: string;
      total_videos: number;
    }[];
    expect(boxes.find((x) => x.dir === 'retro')?.total_videos).toBe(listed);
  });

  it('changes the canonical', async () => {
    const r = await trpc('versions.makeCanonical', { videoId: c }, moderator);
    expect(r.res.status).toBe(200);
    expect(data(r).canonical.id).toBe(c);
    expect(data(r).members.map((m: { id: number; mode: string }) => [m.id, m.mode])).toEqual([
      [a, 'listed'],
      [b, 'redirect'],
    ]);
    expect(auditRows(c).at(-1)?.action).toBe('video.version_canonical');
    const r301 = await sut.request(`/videos/${b}/zephyr-carousel-rip/`, { redirect: 'manual' });
    expect(r301.headers.get('location')).toBe(`/videos/${c}/zephyr-carousel-telecine/`);
    const listed = await listedIds();
    expect(listed).toContain(c);
    expect(listed).not.toContain(a);
  });

  it('ungroup restores everything', async () => {
    const r = await trpc('versions.ungroup', { videoId: c }, moderator);
    expect(r.res.status).toBe(200);
    expect(data(r).freed.sort()).toEqual([a, b].sort());
    expect(auditRows(a).at(-1)?.action).toBe('video.version_ungroup');
    expect(auditRows(b).at(-1)?.action).toBe('video.version_ungroup');
    expect(await listedIds()).toEqual(expect.arrayContaining([a, b, c]));
    // The total counts the freed versions again at once: the change invalidates the memoised hidden count.
    expect((await sut.json(LATEST)).body.total_count).toBe(listedCount());
    for (const [id, views, text] of [
      [a, 100, 'A comment on the original reel'],
      [b, 40, 'A comment on the rip of the reel'],
      [c, 7, 'A comment on the telecine copy'],
    ] as const) {
      const v = (await sut.json(videoJson(id))).body.video;
      expect(v.video_viewed).toBe(views);
      expect(v.version_of).toBeNull();
      expect(v.versions).toEqual([]);
      const comments = (await sut.json(commentsJson(id))).body.comments as { comment: string }[];
      expect(comments.map((x) => x.comment)).toEqual([text]);
    }
    expect((await sut.request(`/videos/${b}/zephyr-carousel-rip/`, { redirect: 'manual' })).status).toBe(200);
    expect(data(await trpc('versions.group', { videoId: a }, moderator, 'GET'))).toBeNull();
  });

  it('a taken-down canonical frees its versions for visitors', async () => {
    await trpc('versions.add', { videoId: a, ref: String(b), mode: 'redirect' }, moderator);
    expect(await listedIds()).not.toContain(b);
    sqlite.prepare('UPDATE videos SET status_id = 5 WHERE id = ?').run(a);
    await sut.services.caches.purge();
    sut.services.listing.invalidateCounts();
    expect((await sut.request(`/videos/${b}/zephyr-carousel-rip/`, { redirect: 'manual' })).status).toBe(200);
    expect(await listedIds()).toContain(b);
    sqlite.prepare('UPDATE videos SET status_id = 1 WHERE id = ?').run(a);
    await trpc('versions.ungroup', { videoId: a }, moderator);
  });
});
