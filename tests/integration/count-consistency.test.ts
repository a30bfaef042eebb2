import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEntities } from './helpers/html';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * Every count the site shows equals the `total_count` of the listing it links to, for each orientation,
 * before and after videos leave and enter the listings (issue 19, docs/decisions/0024). Pages and JSON
 * are read as a visitor of that orientation reads them (the `orientation` cookie).
 */

const GENDERS = ['straight', 'gay', 'shemale'] as const;
type Gender = (typeof GENDERS)[number];
const NO_FILTERS = 'filt.........';

let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 500 });
});
afterAll(() => sut.close());

const as = (gender: Gender) => ({ headers: { cookie: `orientation=${gender}` } });
const json = async (path: string, gender: Gender = 'straight') => {
  const { res, body } = await sut.json(path, as(gender));
  expect(res.status, path).toBe(200);
  return body;
};
const trpc = async (path: string, input: unknown, gender: Gender) =>
  (await json(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, gender)).result.data;
const page = async (path: string, gender: Gender) => {
  const res = await sut.request(path, as(gender));
  expect(res.status, path).toBe(200);
  return decodeEntities(await res.text());
};

const listingPage = (gender: Gender, tail: string, page: number) =>
  json(`/api/json/videos2/0/${gender}/latest-updates/60/${tail}.${page}.all.0.all.json`, gender);

/**
 * The total of a listing path's tail, e.g. `categories.retro`, in one orientation, fresh (lifetime 0). A
 * model's total is its maintained count (video-listing.service.ts), so its pages are walked too: the count
 * must be the number of videos they list.
 */
const listed = async (gender: Gender, tail: string) => {
  const first = await listingPage(gender, tail, 1);
  const total = first.total_count as number;
  if (tail.startsWith('models.')) {
    let shown = first.videos.length as number;
    for (let p = 2; p <= Math.ceil(total / 60); p++)
      shown += (await listingPage(gender, tail, p)).videos.length;
    expect(shown, `${tail} (${gender}): videos its pages list`).toBe(total);
  }
  return total;
};

/** Category dir → its shown count, from one of the places that shows it. */
type Counts = Map<string, number>;
const byDir = (rows: { dir: string; total_videos?: number; totalVideos?: number }[]): Counts =>
  new Map(rows.map((r) => [r.dir, (r.total_videos ?? r.totalVideos) as number]));

async function categoryCountsShown(gender: Gender): Promise<Record<string, Counts>> {
  return {
    'categories JSON': byDir(
      (await json(`/api/json/categories/0/${gender}.videos.en.json`, gender)).categories,
    ),
    'main JSON': byDir((await json(`/api/json/main/0/${gender}.en.json`, gender)).categories),
    'categories index (tRPC)': byDir(await trpc('catalog.categories', { section: 'videos' }, gender)),
    'header menus (tRPC)': byDir((await trpc('catalog.shell', undefined, gender)).categories),
    'landing (tRPC)': byDir((await trpc('info.landing', undefined, gender)).categories),
    'HTML sitemap (tRPC)': byDir((await trpc('info.sitemap', undefined, gender)).categories),
  };
}

async function expectCategoriesConsistent(gender: Gender) {
  const shown = await categoryCountsShown(gender);
  const truth = new Map<string, number>();
  for (const [where, counts] of Object.entries(shown)) {
    expect(counts.size, where).toBeGreaterThan(0);
    for (const [dir, n] of counts) {
      if (!truth.has(dir)) truth.set(dir, await listed(gender, `categories.${dir}`));
      expect(n, `${where}: ${dir} (${gender})`).toBe(truth.get(dir));
    }
  }
  return truth;
}

async function expectModelsConsistent(gender: Gender) {
  const { models } = await json(`/api/json/models/0/${gender}/${NO_FILTERS}/count-videos/60/1.json`, gender);
  expect(models.length).toBeGreaterThan(0);
  const main = byDir((await json(`/api/json/main/0/${gender}.en.json`, gender)).models);
  for (const m of models.slice(0, 25)) {
    const total = await listed(gender, `models.${m.dir}`);
    expect(m.statistics.videos, `models list: ${m.dir}`).toBe(total);
    const { model } = await json(`/api/json/model/0/${m.dir[0]}/${m.dir}.json`, gender);
    expect(model.statistics.videos, `model JSON: ${m.dir}`).toBe(total);
    if (main.has(m.dir)) expect(main.get(m.dir), `main JSON: ${m.dir}`).toBe(total);
    // The same model seen from another orientation lists the same videos.
    for (const other of GENDERS) expect(await listed(other, `models.${m.dir}`)).toBe(total);
  }
  return models as { dir: string }[];
}

async function expectPlaylistsConsistent(gender: Gender) {
  const { playlists } = await json(`/api/json/playlists/0/most-popular/100/all.1.${gender}..json`, gender);
  for (const p of playlists) {
    const total = await listed(gender, `playlist.${p.playlist_id}`);
    expect(p.videos_count, `playlists list: ${p.playlist_id}`).toBe(total);
    const { playlist } = await json(`/api/json/playlist/0/0/${p.playlist_id}.json`, gender);
    expect(playlist.videos_count, `playlist JSON: ${p.playlist_id}`).toBe(total);
    for (const other of GENDERS) expect(await listed(other, `playlist.${p.playlist_id}`)).toBe(total);
  }
  return playlists as { playlist_id: number; videos_count: number }[];
}

describe('every count shown equals its listing', () => {
  it.each(GENDERS)('categories, for the %s orientation', async (gender) => {
    await expectCategoriesConsistent(gender);
  });

  it('category counts differ by orientation (each orientation counts its own videos)', async () => {
    const [dir] = (await json('/api/json/categories/0/straight.videos.en.json')).categories.map(
      (c: { dir: string }) => c.dir,
    );
    const totals = await Promise.all(GENDERS.map((g) => listed(g, `categories.${dir}`)));
    const shown = await Promise.all(
      GENDERS.map(async (g) => byDir((await json(`/api/json/main/0/${g}.en.json`, g)).categories).get(dir)),
    );
    expect(shown).toEqual(totals);
    expect(new Set(totals).size).toBeGreaterThan(1);
  });

  it.each(GENDERS)('the suggester, for the %s orientation', async (gender) => {
    const { categories } = await json(`/api/json/categories/0/${gender}.videos.en.json`, gender);
    const { models } = await json(
      `/api/json/models/0/${gender}/${NO_FILTERS}/count-videos/60/1.json`,
      gender,
    );
    let checked = 0;
    for (const text of [categories[0].title, models[0].title].map((t: string) => t.slice(0, 4))) {
      const s = await json(`/api/suggester.php?c=${encodeURIComponent(text)}&lang=en`, gender);
      for (const c of s.categories) {
        expect(c.total_videos, `suggested ${c.dir}`).toBe(await listed(gender, `categories.${c.dir}`));
        checked++;
      }
      for (const m of s.models) {
        expect(m.total_videos, `suggested ${m.dir}`).toBe(await listed(gender, `models.${m.dir}`));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it.each(GENDERS)('models, for the %s orientation', async (gender) => {
    await expectModelsConsistent(gender);
  });

  it.each(GENDERS)('playlists, for the %s orientation', async (gender) => {
    await expectPlaylistsConsistent(gender);
  });

  it.each(GENDERS)("members' uploads and subscriptions, for the %s orientation", async (gender) => {
    const members = sut.db.$client
      .prepare(
        `SELECT DISTINCT uploader_id FROM videos WHERE uploader_id IS NOT NULL AND status_id = 1
         ORDER BY uploader_id LIMIT 15`,
      )
      .pluck()
      .all() as number[];
    expect(members.length).toBeGreaterThan(5);
    for (const id of members) {
      const { member } = await json(`/api/json/member/0/info/0/${id}.json`, gender);
      const uploads = (
        await json(
          `/api/json/videos2/0/${gender}/latest-updates/60/member.${id}.1.uploaded.0.all.json`,
          gender,
        )
      ).total_count;
      expect(member.statistics.videos, `member ${id} (${gender})`).toBe(uploads);
      const subs = await sut.json(`/api/json/member/0/subscriptions/0/${id}.json`, as(gender));
      if (subs.res.status !== 200) continue;
      for (const s of subs.body.subscriptions) {
        if (s.section === 'model')
          expect(s.total_videos, `subscribed model ${s.dir}`).toBe(await listed(gender, `models.${s.dir}`));
        if (s.section === 'member') {
          const theirs = (
            await json(
              `/api/json/videos2/0/${gender}/latest-updates/60/member.${s.object_id}.1.uploaded.0.all.json`,
              gender,
            )
          ).total_count;
          expect(s.total_videos, `subscribed member ${s.object_id}`).toBe(theirs);
        }
      }
    }
  });

  it('the landing page, a model page and a playlist page print the counts their listings return', async () => {
    for (const gender of GENDERS) {
      const full = await page('/landing/', gender);
      // The landing's own list (the header menus link to the same categories).
      const html = full.slice(full.indexOf('data-testid="landing-categories"'));
      const landing = (await trpc('info.landing', undefined, gender)).categories as {
        dir: string;
        totalVideos: number;
      }[];
      for (const c of landing.slice(0, 5)) {
        const link = new RegExp(
          `href="/categories/${c.dir}/latest-updates/1/"[^>]*>[\\s\\S]*?landing__category-count">([^<]*)<`,
        ).exec(html);
        expect(link?.[1].replace(/\D/g, ''), `/landing/ ${c.dir} (${gender})`).toBe(
          String(await listed(gender, `categories.${c.dir}`)),
        );
      }
    }
    const [model] = await expectModelsConsistent('straight');
    const total = await listed('straight', `models.${model.dir}`);
    const modelHtml = await page(`/model/${model.dir}/videos/1/`, 'straight');
    // The header's statistics: "Videos" then the number (abbreviated from 1,000 on; models here are smaller).
    expect(total).toBeLessThan(1000);
    expect(modelHtml).toMatch(new RegExp(`>Videos<[^>]*>(<[^>]*>)*${total}<`));
    const thumbs = (modelHtml.match(/data-testid="thumb"/g) ?? []).length;
    expect(thumbs).toBe(Math.min(total, 60));

    const long = (await expectPlaylistsConsistent('straight')).find((p) => p.videos_count > 60)!;
    expect(long).toBeDefined();
    const first = await page(`/playlist/${long.playlist_id}/1/`, 'gay');
    expect(first).toContain(`${long.videos_count} videos`);
    const last = Math.ceil(long.videos_count / 60);
    const lastHtml = await page(`/playlist/${long.playlist_id}/${last}/`, 'gay');
    expect((lastHtml.match(/data-testid="thumb"/g) ?? []).length).toBe(long.videos_count - (last - 1) * 60);
  });

  it('stays true when videos are taken down and approved again', async () => {
    const sqlite = sut.db.$client;
    // A listed straight video that is in a category, with a model and in a public playlist.
    const v = sqlite
      .prepare(
        `SELECT v.id FROM videos v WHERE v.status_id = 1 AND v.is_private = 0 AND v.gender = 'straight'
           AND EXISTS (SELECT 1 FROM video_models vm WHERE vm.video_id = v.id)
           AND EXISTS (SELECT 1 FROM playlist_videos pv JOIN playlists p ON p.id = pv.playlist_id
             WHERE pv.video_id = v.id AND p.is_private = 0)
         ORDER BY v.id LIMIT 1`,
      )
      .pluck()
      .get() as number;
    const before = await expectCategoriesConsistent('straight');
    expect(await sut.services.publish.takeDown([v])).toEqual([v]);
    const after = await expectCategoriesConsistent('straight');
    const cats = sqlite
      .prepare(
        'SELECT c.dir FROM video_categories vc JOIN categories c ON c.id = vc.category_id WHERE vc.video_id = ?',
      )
      .pluck()
      .all(v) as string[];
    for (const dir of cats) expect(after.get(dir)).toBe((before.get(dir) ?? 0) - 1);
    await expectModelsConsistent('straight');
    await expectPlaylistsConsistent('straight');
    const model = sqlite
      .prepare('SELECT m.dir FROM video_models vm JOIN models m ON m.id = vm.model_id WHERE vm.video_id = ?')
      .pluck()
      .get(v) as string;
    const { model: shown } = await json(`/api/json/model/0/${model[0]}/${model}.json`);
    expect(shown.statistics.videos).toBe(await listed('straight', `models.${model}`));

    // Back through moderation: pending, then approved.
    sqlite.prepare('UPDATE videos SET status_id = 2 WHERE id = ?').run(v);
    expect(await sut.services.publish.approve([v])).toEqual([v]);
    const again = await expectCategoriesConsistent('straight');
    for (const dir of cats) expect(again.get(dir)).toBe(before.get(dir));
    await expectModelsConsistent('straight');
    await expectPlaylistsConsistent('straight');
  });
});

describe('a playlist edited by its owner', () => {
  it('shows its new count and listing at once, and a changed orientation lists that orientation', async () => {
    await sut.createMember('counter_owner');
    const cookie = await sut.signIn('counter_owner');
    const act = async (fields: Record<string, string>) => {
      const r = await sut.post('/api/input.php', fields, { cookie });
      expect(r.res.status, JSON.stringify(r.body)).toBe(200);
      return r.body;
    };
    const form = { title: 'Count check', desc: 'Five or more', visible: '1' };
    const id = (await act({ act: 'playlist_new', ...form, orientation: 'straight' })).playlist_id as number;
    const videosOf = (gender: Gender) =>
      sut.db.$client
        .prepare(
          'SELECT id FROM videos WHERE status_id = 1 AND is_private = 0 AND gender = ? ORDER BY id LIMIT 2',
        )
        .pluck()
        .all(gender) as number[];
    const shown = async () =>
      (await json(`/api/json/playlist/0/0/${id}.json`)).playlist.videos_count as number;
    const [a, b] = videosOf('straight');
    for (const [k, video] of [a, b].entries()) {
      await act({ act: 'playlist_add', playlist_id: String(id), video_id: String(video) });
      expect(await shown()).toBe(k + 1);
      expect(await listed('gay', `playlist.${id}`)).toBe(k + 1);
    }
    await act({ act: 'playlist_del', playlist_id: String(id), video_id: String(a) });
    expect(await shown()).toBe(1);
    expect(await listed('straight', `playlist.${id}`)).toBe(1);
    // Now a gay playlist: its straight entry is no longer listed, nor counted; a gay one is.
    await act({ act: 'playlist_upd', playlist_id: String(id), ...form, orientation: 'gay' });
    expect(await shown()).toBe(0);
    expect(await listed('straight', `playlist.${id}`)).toBe(0);
    await act({ act: 'playlist_add', playlist_id: String(id), video_id: String(videosOf('gay')[0]) });
    expect(await shown()).toBe(1);
    expect(await listed('shemale', `playlist.${id}`)).toBe(1);
  });
});

describe('channels', () => {
  /** A channel's page lists every listed video of the channel, whoever looks (docs/decisions/0024). */
  const channelTotal = async (channelId: number, gender: Gender) =>
    (
      await trpc(
        'videos.list',
        { sort: 'latest-updates', page: 1, count: 60, target: { section: 'channel', channelId } },
        gender,
      )
    ).totalCount as number;

  it("a subscriber's list (tRPC and JSON) and the channel page show the channel's listing total, in every orientation and through a takedown", async () => {
    const sqlite = sut.db.$client;
    const memberId = await sut.createMember('ChannelFan');
    const channels = sqlite
      .prepare(
        `SELECT c.id FROM channels c WHERE EXISTS (SELECT 1 FROM videos v WHERE v.channel_id = c.id
           AND v.status_id = 1 AND v.is_private = 0) ORDER BY c.id LIMIT 4`,
      )
      .pluck()
      .all() as number[];
    expect(channels.length).toBeGreaterThan(0);
    for (const id of channels)
      sqlite
        .prepare(
          "INSERT INTO subscriptions (member_id, section, object_id, created_at) VALUES (?, 'channel', ?, 1)",
        )
        .run(memberId, id);
    const shown = async (gender: Gender) => {
      const rows = (await trpc('members.subscriptions', { id: memberId }, gender)) as {
        section: string;
        id: number;
        videos: number;
      }[];
      return new Map(rows.filter((r) => r.section === 'channel').map((r) => [r.id, r.videos]));
    };
    const check = async () => {
      for (const gender of GENDERS) {
        const counts = await shown(gender);
        for (const id of channels)
          expect(counts.get(id), `channel ${id}, ${gender}`).toBe(await channelTotal(id, gender));
      }
    };
    await check();
    const v = sqlite
      .prepare('SELECT id FROM videos WHERE channel_id = ? AND status_id = 1 AND is_private = 0 LIMIT 1')
      .pluck()
      .get(channels[0]) as number;
    const before = await channelTotal(channels[0]!, 'straight');
    expect(await sut.services.publish.takeDown([v])).toEqual([v]);
    expect(await channelTotal(channels[0]!, 'straight')).toBe(before - 1);
    await check();
  });
});
