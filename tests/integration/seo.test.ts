import { LANGS } from '@vt/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_IDS_PER_FILE } from '../../apps/api/src/services/seo/sitemap.service';
import { headOf, htmlLang } from './helpers/html';
import { createTestApp, TEST_MEDIA, type TestApp } from './helpers/test-app';

let sut: TestApp;
let origin: string;
const get = <T>(query: string, ...params: unknown[]) => sut.db.$client.prepare(query).get(...params) as T;
const run = (query: string, ...params: unknown[]) => sut.db.$client.prepare(query).run(...params);
const text = async (path: string, headers: Record<string, string> = {}) => {
  const res = await sut.request(path, { headers });
  return { res, body: await res.text() };
};

/** Inserts a copy of a listed video with the given id and fields. */
function videoLike(
  id: number,
  fields: { title?: string; description?: string; status?: number; isPrivate?: number },
) {
  run(
    `INSERT INTO videos (id, dir, title, description, status_id, is_private, gender, post_date, added_at, media_path,
       duration_sec, width, height)
     VALUES (?, ?, ?, ?, ?, ?, 'straight', 1600000000, 1600000000, ?, 754, 640, 360)`,
    id,
    `reel-${id}`,
    fields.title ?? `Reel ${id}`,
    fields.description ?? '',
    fields.status ?? 1,
    fields.isPrivate ?? 0,
    TEST_MEDIA,
  );
}

beforeAll(() => {
  sut = createTestApp({ videos: 120, photos: 4 });
  origin = sut.config.publicOrigin;
});
afterAll(() => sut.close());

describe('robots.txt', () => {
  it('keeps crawlers out of APIs, signed media and member pages and names the sitemap index', async () => {
    const { res, body } = await text('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/api/', '/trpc/', '/media/', '/messages/', '/member_edit/', '/moderation/'])
      expect(lines).toContain(`Disallow: ${path}`);
    // Thumbnails and the embed player are what video results are built from.
    expect(body).not.toMatch(/Disallow: \/(thumbs|embed)\//);
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});

describe('site icons', () => {
  it('are files where browsers and crawlers ask for them unprompted, and the pages name them', async () => {
    // Each of these paths used to render the 404 page (about 50 KB, uncached) for every asker.
    for (const [path, type, magic] of [
      ['/favicon.ico', 'image/x-icon', '00000100'],
      ['/apple-touch-icon.png', 'image/png', '89504e47'],
    ] as const) {
      const res = await sut.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('cache-control'), path).toContain('max-age=');
      const start = Buffer.from(await res.arrayBuffer()).subarray(0, 4);
      expect(start.toString('hex'), path).toBe(magic);
    }
    const page = (await text('/')).body;
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('rel="icon" href="/favicon.ico"');
    expect(head).toContain('rel="apple-touch-icon" href="/apple-touch-icon.png"');
    // An SVG icon is a document the browser builds on the page's main thread.
    expect(head).not.toContain('image/svg+xml');
  });
});

describe('XML sitemaps', () => {
  const listed = () =>
    get<{ id: number; dir: string; title: string; video_viewed: number; duration_sec: number }>(
      'SELECT id, dir, title, video_viewed, duration_sec FROM videos WHERE status_id = 1 AND is_private = 0 AND media_path IS NOT NULL ORDER BY id LIMIT 1',
    );

  it('the index lists the entry pages, categories and each non-empty file of videos, models and albums', async () => {
    // A video far past the others: its range gets a file, the empty ranges between do not.
    videoLike(3 * SITEMAP_IDS_PER_FILE + 7, {});
    await sut.services.caches.purge();
    const { res, body } = await text('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    const locs = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${origin}/sitemaps/pages.xml`,
      `${origin}/sitemaps/categories.xml`,
      `${origin}/sitemaps/channels.xml`,
      `${origin}/sitemaps/videos-1.xml`,
      `${origin}/sitemaps/videos-4.xml`,
      `${origin}/sitemaps/models-1.xml`,
      `${origin}/sitemaps/albums-1.xml`,
    ]);
    for (const loc of locs) expect((await sut.request(loc.slice(origin.length))).status).toBe(200);
    // Inside the id range but empty: a valid empty set. Past the last id: no such file.
    expect((await text('/sitemaps/videos-2.xml')).body).not.toContain('<url>');
    expect((await sut.request('/sitemaps/videos-5.xml')).status).toBe(404);
    expect((await sut.request('/sitemaps/whatever.xml')).status).toBe(404);
  });

  it('video files carry Google video fields with the embed player, never a signed media URL', async () => {
    const v = listed();
    const { res, body } = await text('/sitemaps/videos-1.xml');
    expect(res.status).toBe(200);
    expect(body).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
    const entry = body
      .split('<url>')
      .find((u) => u.startsWith(`<loc>${origin}/videos/${v.id}/${v.dir}/</loc>`));
    expect(entry).toBeDefined();
    expect(entry).toContain(`<video:player_loc>${origin}/embed/${v.id}/${v.dir}/</video:player_loc>`);
    expect(entry).toContain(
      `<video:thumbnail_loc>${origin}/thumbs/${TEST_MEDIA}/thumb.jpg</video:thumbnail_loc>`,
    );
    expect(entry).toMatch(/<video:title>[^<]+<\/video:title>/);
    expect(entry).toMatch(/<video:description>[^<]+<\/video:description>/);
    expect(entry).toContain(`<video:duration>${v.duration_sec}</video:duration>`);
    expect(entry).toContain(`<video:view_count>${v.video_viewed}</video:view_count>`);
    expect(entry).toMatch(
      /<video:publication_date>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00<\/video:publication_date>/,
    );
    expect(body).not.toContain('/media/');
    expect(body).not.toContain('.m3u8');
    // The thumbnail is public: a crawler fetches it without a session or signature.
    expect((await sut.request(`/thumbs/${TEST_MEDIA}/thumb.jpg`)).status).toBe(200);
  });

  it('escapes text for XML and leaves out characters XML cannot hold', async () => {
    videoLike(9001, { title: 'Tom & Jerry <live> "at" Joe\'s', description: 'Line\u0001 one & <b>two</b>' });
    await sut.services.caches.purge();
    const { body } = await text('/sitemaps/videos-1.xml');
    expect(body).toContain(
      '<video:title>Tom &amp; Jerry &lt;live&gt; &quot;at&quot; Joe&apos;s</video:title>',
    );
    expect(body).toContain('<video:description>Line one &amp; &lt;b&gt;two&lt;/b&gt;</video:description>');
  });

  it('lists only videos a visitor may see: no private, pending or taken-down ones', async () => {
    videoLike(9002, { isPrivate: 1 });
    videoLike(9003, { status: 2 });
    videoLike(9004, { status: 5 });
    videoLike(9005, {});
    await sut.services.caches.purge();
    const { body } = await text('/sitemaps/videos-1.xml');
    expect(body).toContain('/videos/9005/reel-9005/');
    for (const id of [9002, 9003, 9004]) expect(body).not.toContain(`/videos/${id}/`);
    const listedCount = get<{ n: number }>(
      `SELECT count(*) AS n FROM videos WHERE id < ${SITEMAP_IDS_PER_FILE} AND status_id = 1 AND is_private = 0`,
    ).n;
    expect(body.match(/<url>/g)).toHaveLength(listedCount);
  });

  it('keeps a file briefly, and a takedown through moderation drops it at once', async () => {
    const first = await text('/sitemaps/videos-1.xml');
    const etag = first.res.headers.get('etag');
    // The first answer streams; the next comes from memory with an ETag.
    const second = await sut.request('/sitemaps/videos-1.xml');
    expect(second.headers.get('etag')).toBeTruthy();
    expect(etag === null || etag === second.headers.get('etag')).toBe(true);
    const revalidated = await sut.request('/sitemaps/videos-1.xml', {
      headers: { 'if-none-match': second.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);

    const moderatorId = await sut.createMember('SitemapMod');
    run("UPDATE members SET role = 'moderator' WHERE id = ?", moderatorId);
    const cookie = await sut.signIn('SitemapMod');
    const takeDown = await sut.request('/trpc/moderation.takeDown', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin },
      body: JSON.stringify({ videoId: 9005, note: 'sitemap test' }),
    });
    expect(takeDown.status).toBe(200);
    expect((await text('/sitemaps/videos-1.xml')).body).not.toContain('/videos/9005/');
  });

  it('entry pages and categories name every language version', async () => {
    const pages = (await text('/sitemaps/pages.xml')).body;
    expect(pages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(pages).toContain(`<loc>${origin}/</loc>`);
    expect(pages).toContain(`<xhtml:link rel="alternate" hreflang="de" href="${origin}/?lang=de"/>`);
    expect(pages).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/"/>`);
    const dir = get<{ dir: string }>(
      'SELECT dir FROM categories WHERE total_videos > 0 ORDER BY id LIMIT 1',
    ).dir;
    const categories = (await text('/sitemaps/categories.xml')).body;
    expect(categories).toContain(`<loc>${origin}/categories/${dir}/latest-updates/1/</loc>`);
    expect(categories).toContain(
      `hreflang="ja" href="${origin}/categories/${dir}/latest-updates/1/?lang=ja"`,
    );
    const model = get<{ dir: string }>(
      'SELECT dir FROM models WHERE videos_count > 0 ORDER BY id LIMIT 1',
    ).dir;
    expect((await text('/sitemaps/models-1.xml')).body).toContain(`<loc>${origin}/model/${model}/</loc>`);
    const album = get<{ id: number; dir: string }>(
      'SELECT id, dir FROM albums WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1',
    );
    expect((await text('/sitemaps/albums-1.xml')).body).toContain(
      `<loc>${origin}/album/${album.id}/${album.dir}/</loc>`,
    );
  });

  it('entry listings are listed in every orientation, in the URL form their canonical takes (ADR 0025)', async () => {
    const pages = (await text('/sitemaps/pages.xml')).body;
    for (const o of ['gay', 'shemale']) {
      expect(pages).toContain(`<loc>${origin}/videos/latest-updates/1/?orientation=${o}</loc>`);
      expect(pages).toContain(
        `hreflang="de" href="${origin}/videos/latest-updates/1/?orientation=${o}&amp;lang=de"`,
      );
    }
    // Pages that are the same in every orientation are listed once.
    expect(pages).not.toContain('/information/?orientation=');
    const { body } = await text('/videos/latest-updates/1/?lang=de&orientation=gay', {
      cookie: 'orientation=gay',
    });
    expect(body).toContain(
      `<link rel="canonical" href="${origin}/videos/latest-updates/1/?orientation=gay&amp;lang=de"/>`,
    );
  });

  it('channels with a listed video are listed, each with its language versions', async () => {
    const channel = get<{ dir: string }>(
      `SELECT c.dir FROM channels c WHERE EXISTS (SELECT 1 FROM videos v WHERE v.channel_id = c.id
         AND v.status_id = 1 AND v.is_private = 0) ORDER BY c.id LIMIT 1`,
    ).dir;
    run("INSERT INTO channels (id, dir, title) VALUES (990, 'empty-channel-990', 'Empty Channel')");
    await sut.services.caches.purge();
    const { res, body } = await text('/sitemaps/channels.xml');
    expect(res.status).toBe(200);
    expect(body).toContain(`<loc>${origin}/channel/${channel}/</loc>`);
    expect(body).toContain(`hreflang="nl" href="${origin}/channel/${channel}/?lang=nl"`);
    expect(body).not.toContain('empty-channel-990');
  });
});

describe('?lang=xx', () => {
  it('renders that language and keeps it in the lang cookie', async () => {
    const { res, body } = await text('/?lang=de');
    expect(res.status).toBe(200);
    expect(htmlLang(body)).toBe('de');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lang='));
    expect(cookie).toMatch(/^lang=de; Max-Age=31536000; Path=\/; SameSite=Lax/);
    // The next page, without the parameter, stays German.
    expect(htmlLang((await text('/categories/', { cookie: 'lang=de' })).body)).toBe('de');
  });

  it('sets nothing when the cookie already says so, for an unknown language, or on JSON answers', async () => {
    const same = await sut.request('/?lang=fr', { headers: { cookie: 'lang=fr' } });
    expect(same.headers.getSetCookie().some((c) => c.startsWith('lang='))).toBe(false);
    const unknown = await text('/?lang=xx');
    expect(htmlLang(unknown.body)).toBe('en');
    expect(unknown.res.headers.getSetCookie().some((c) => c.startsWith('lang='))).toBe(false);
    const json = await sut.request('/api/json/main/0/straight.en.json?lang=de');
    expect(json.headers.getSetCookie().some((c) => c.startsWith('lang='))).toBe(false);
  });
});

describe('page heads', () => {
  const samples = () => {
    const video = get<{ id: number; dir: string; title: string }>(
      'SELECT id, dir, title FROM videos WHERE status_id = 1 AND is_private = 0 AND media_path IS NOT NULL ORDER BY video_viewed DESC LIMIT 1',
    );
    const category = get<{ dir: string }>(
      'SELECT dir FROM categories WHERE total_videos > 0 ORDER BY id LIMIT 1',
    );
    const model = get<{ dir: string }>('SELECT dir FROM models WHERE videos_count > 0 ORDER BY id LIMIT 1');
    const album = get<{ id: number; dir: string }>(
      "SELECT id, dir FROM albums WHERE status_id = 1 AND is_private = 0 AND gender = 'straight' ORDER BY id LIMIT 1",
    );
    const playlist = get<{ id: number }>(
      'SELECT id FROM playlists WHERE is_private = 0 AND videos_count > 0 ORDER BY id LIMIT 1',
    );
    const member = get<{ id: number }>("SELECT id FROM members WHERE status = 'active' ORDER BY id LIMIT 1");
    return { video, category, model, album, playlist, member };
  };

  /** Indexable pages of every type, by their canonical path. */
  const indexable = () => {
    const s = samples();
    return [
      '/',
      '/videos/latest-updates/1/',
      '/videos/top-rated/2/',
      `/videos/${s.video.id}/${s.video.dir}/`,
      '/categories/',
      `/categories/${s.category.dir}/latest-updates/1/`,
      '/models/most-popular/1/',
      `/model/${s.model.dir}/`,
      '/albums/latest-updates/1/',
      `/album/${s.album.id}/${s.album.dir}/`,
      '/playlists/most-popular/1/',
      `/playlist/${s.playlist.id}/1/`,
      '/community/recent/1/',
      `/members/${s.member.id}/`,
      '/information/',
      '/information/terms/',
      '/sitemap-page/',
    ];
  };

  it('every indexable page type has a title, description, Open Graph tags, canonical and hreflang alternates', async () => {
    for (const path of indexable()) {
      const { res, body } = await text(path);
      expect(res.status, path).toBe(200);
      const head = headOf(body);
      expect(head.title, path).toMatch(/\S.* \| VintageTube$/);
      expect(head.meta('description'), path).toBeTruthy();
      expect(head.meta('og:title'), path).toBeTruthy();
      expect(head.meta('og:description'), path).toBe(head.meta('description'));
      expect(head.meta('og:type'), path).toMatch(/^(website|video\.other|profile)$/);
      expect(head.meta('og:site_name'), path).toBe('VintageTube');
      expect(head.meta('og:locale'), path).toBe('en_US');
      expect(head.canonical, path).toBe(`${origin}${path}`);
      expect(head.meta('og:url'), path).toBe(head.canonical);
      expect(head.meta('robots'), path).toBeNull();
      const alternates = { ...head.alternates };
      expect(Object.keys(alternates).sort(), path).toEqual([...LANGS, 'x-default'].sort());
      expect(alternates['x-default'], path).toBe(`${origin}${path}`);
      expect(alternates.en, path).toBe(`${origin}${path}`);
      expect(alternates.pl, path).toBe(`${origin}${path}?lang=pl`);
    }
  });

  it('a language version names itself canonical and is written in that language', async () => {
    const path = '/videos/latest-updates/1/';
    const english = headOf((await text(path)).body);
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      const { body } = await text(`${path}?lang=${lang}`);
      const head = headOf(body);
      expect(htmlLang(body)).toBe(lang);
      expect(head.canonical).toBe(`${origin}${path}?lang=${lang}`);
      expect(head.alternates[lang]).toBe(head.canonical);
      expect(head.title, lang).not.toBe(english.title);
      expect(head.meta('description'), lang).not.toBe(english.meta('description'));
      expect(head.meta('og:locale')).toMatch(new RegExp(`^${lang}_[A-Z]{2}$`));
    }
    // Filters stay in the canonical URL beside the language.
    const filtered = headOf((await text('/videos/top-rated/1/?date=week&lang=it')).body);
    expect(filtered.canonical).toBe(`${origin}/videos/top-rated/1/?date=week&lang=it`);
  });

  it('listings describe each sort in its own words', async () => {
    for (const sorts of [
      ['/videos/latest-updates/1/', '/videos/top-rated/1/', '/videos/longest/1/'],
      ['/models/most-popular/1/', '/models/alphabet/1/'],
      ['/albums/latest-updates/1/', '/albums/top-rated/1/'],
      ['/playlists/most-popular/1/', '/playlists/recent/1/'],
      ['/community/recent/1/', '/community/most-popular/1/', '/community/alphabet/1/'],
    ]) {
      const descriptions = await Promise.all(
        sorts.map(async (path) => headOf((await text(path)).body).meta('description')),
      );
      expect(new Set(descriptions).size, sorts.join(' ')).toBe(sorts.length);
    }
  });

  it('the video page carries a VideoObject and its public thumbnail as og:image', async () => {
    const { video } = samples();
    const { body } = await text(`/videos/${video.id}/${video.dir}/`);
    const head = headOf(body);
    expect(head.meta('og:type')).toBe('video.other');
    expect(head.meta('og:image')).toMatch(new RegExp(`^${origin}/thumbs/`));
    expect(head.meta('og:video')).toBe(`${origin}/embed/${video.id}/${video.dir}/`);
    const objects = head.jsonLd.filter((o) => o['@type'] === 'VideoObject');
    expect(objects).toHaveLength(1);
    const v = objects[0];
    const row = get<{ post_date: number; duration_sec: number; video_viewed: number; title: string }>(
      'SELECT post_date, duration_sec, video_viewed, title FROM videos WHERE id = ?',
      video.id,
    );
    expect(v).toMatchObject({
      '@context': 'https://schema.org',
      name: row.title,
      uploadDate: new Date(row.post_date * 1000).toISOString(),
      embedUrl: `${origin}/embed/${video.id}/${video.dir}/`,
      interactionStatistic: {
        '@type': 'InteractionCounter',
        interactionType: { '@type': 'WatchAction' },
        userInteractionCount: row.video_viewed,
      },
    });
    expect(v.description).toBeTruthy();
    expect(v.thumbnailUrl[0]).toMatch(new RegExp(`^${origin}/thumbs/.+\\.jpg$`));
    expect(v.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
    expect(JSON.stringify(v)).not.toContain('/media/');
  });

  it('JSON-LD cannot be broken out of by a title', async () => {
    videoLike(9100, { title: 'Reel </script><script>alert(1)</script>' });
    const { body } = await text('/videos/9100/reel-9100/');
    expect(body).not.toContain('</script><script>alert(1)');
    expect(headOf(body).jsonLd.find((o) => o['@type'] === 'VideoObject')?.name).toBe(
      'Reel </script><script>alert(1)</script>',
    );
  });

  it('search, member-only and missing pages have a title and description and are kept out of the index', async () => {
    for (const path of ['/search/1/?s=retro', '/login/', '/404/']) {
      const { body } = await text(path);
      const head = headOf(body);
      expect(head.title, path).toMatch(/ \| VintageTube$/);
      expect(head.meta('description'), path).toBeTruthy();
      expect(head.meta('og:title'), path).toBeTruthy();
      expect(head.meta('robots'), path).toMatch(/^noindex/);
      expect(head.alternates, path).toEqual({});
    }
  });
});
