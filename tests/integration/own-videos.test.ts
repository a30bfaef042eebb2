import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobsOf, LATEST, ownVideoFactory, searchUrl, trpcOf, videoJson } from './helpers/own-video';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Issue 20: uploaders edit and delete their own videos; moderators see near-duplicates; albums need consent. */

const search = searchUrl;

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let owner: string;
let ownerId: number;
let stranger: string;
let moderator: string;
let ownVideo: ReturnType<typeof ownVideoFactory>;
const drainJobs = () => drainJobsOf(sut)();

const trpc = (path: string, input: unknown, cookie: string, method: 'GET' | 'POST' = 'POST') =>
  trpcOf(sut)(path, input, cookie, method);
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;
const errorOf = (r: { body: { error?: { data?: { code?: string; field?: string } } } }) => r.body.error?.data;
const titlesIn = (listing: { videos?: { title: string }[] }) => (listing.videos ?? []).map((v) => v.title);
const twoCategories = () =>
  sqlite.prepare('SELECT dir FROM categories ORDER BY id LIMIT 4').pluck().all() as string[];
const someModels = () =>
  sqlite.prepare('SELECT id, title FROM models ORDER BY id LIMIT 2').all() as { id: number; title: string }[];
const edit = (videoId: number, fields: Record<string, unknown>, cookie = owner) =>
  trpc(
    'uploads.edit',
    { videoId, description: '', categories: [], models: [], preview: { kind: 'keep' }, ...fields },
    cookie,
  );

beforeAll(async () => {
  sut = createTestApp({ videos: 40 });
  sqlite = sut.db.$client;
  ownerId = await sut.createMember('curator');
  await sut.createMember('snoop');
  const moderatorId = await sut.createMember('umpire');
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
  owner = await sut.signIn('curator');
  stranger = await sut.signIn('snoop');
  moderator = await sut.signIn('umpire');
  ownVideo = ownVideoFactory(sut, () => ownerId);
});
afterAll(() => sut.close());

describe('uploads.edit', () => {
  it('applies at once to a video still in the queue', async () => {
    const v = await ownVideo('Quiet Harbour Reel', { status: 2 });
    const [a, b] = twoCategories();
    const [m] = someModels();
    const sent = await edit(v.id, {
      title: 'Quiet Harbour Reel, restored',
      categories: [a, b],
      models: [m.id],
    });
    expect(data(sent)).toEqual({ result: 'applied' });
    expect(sqlite.prepare('SELECT title FROM videos WHERE id = ?').pluck().get(v.id)).toBe(
      'Quiet Harbour Reel, restored',
    );
    const form = data(await trpc('uploads.editForm', { videoId: v.id }, owner, 'GET'));
    expect(form).toMatchObject({ title: 'Quiet Harbour Reel, restored', editPending: false });
    expect(form.categories.sort()).toEqual([a, b].sort());
    expect(form.models).toEqual([expect.objectContaining({ id: m.id, title: m.title })]);
  });

  it('holds an edit of an approved video as a revision: the old title stays public until approval', async () => {
    const v = await ownVideo('Orchard Afternoon Reel');
    expect(titlesIn((await sut.json(LATEST)).body)).toContain('Orchard Afternoon Reel');
    const [a] = twoCategories();
    const [m] = someModels();
    const sent = await edit(v.id, {
      title: 'Walnut Orchard Reel',
      description: 'New walnut words',
      categories: [a],
      models: [m.id],
    });
    expect(data(sent)).toEqual({ result: 'pending' });
    expect((await sut.json(videoJson(v.id))).body.video.title).toBe('Orchard Afternoon Reel');
    expect(JSON.stringify((await sut.json(LATEST)).body)).not.toContain('Walnut');
    // The owner's form shows the pending values.
    expect(data(await trpc('uploads.editForm', { videoId: v.id }, owner, 'GET'))).toMatchObject({
      title: 'Walnut Orchard Reel',
      editPending: true,
    });
    const item = (data(await trpc('moderation.queue', undefined, moderator, 'GET')).items as any[]).find(
      (i) => i.kind === 'edit' && i.videoId === v.id,
    );
    expect(item.changes.map((c: { field: string }) => c.field)).toEqual([
      'title',
      'description',
      'categories',
      'models',
    ]);
    expect(data(await trpc('moderation.approve', { keys: [item.key] }, moderator))).toEqual({
      done: [item.key],
      skipped: [],
    });
    expect((await sut.json(videoJson(v.id))).body.video.title).toBe('Walnut Orchard Reel');
    expect(sqlite.prepare('SELECT model_id FROM video_models WHERE video_id = ?').pluck().all(v.id)).toEqual([
      m.id,
    ]);
    // The model's maintained count follows the approved link.
    const count = sqlite.prepare('SELECT videos_count FROM models WHERE id = ?').pluck().get(m.id) as number;
    const listed = sqlite
      .prepare(
        `SELECT count(*) FROM video_models vm JOIN videos v ON v.id = vm.video_id JOIN models m ON m.id = vm.model_id
         WHERE vm.model_id = ? AND v.status_id = 1 AND v.is_private = 0 AND v.gender = m.gender`,
      )
      .pluck()
      .get(m.id);
    expect(count).toBe(listed);
  });

  it('refuses more than 3 categories, an unknown category or model, and a short title', async () => {
    const v = await ownVideo('Rooftop Garden Reel', { status: 2 });
    const four = twoCategories();
    expect(errorOf(await edit(v.id, { title: 'Rooftop', categories: four }))).toMatchObject({
      code: 'too_many_categories',
      field: 'categories',
    });
    expect(errorOf(await edit(v.id, { title: 'Rooftop', categories: ['no-such-category'] }))).toMatchObject({
      code: 'unknown_category',
    });
    expect(errorOf(await edit(v.id, { title: 'Rooftop', models: [987654] }))).toMatchObject({
      code: 'unknown_model',
      field: 'models',
    });
    expect((await edit(v.id, { title: 'ab' })).res.status).toBe(400);
  });

  it("answers another member's video, a deleted one and a signed-out caller like a missing video", async () => {
    const v = await ownVideo('Private Lantern Reel', { status: 2 });
    const theirs = await edit(v.id, { title: 'Hijacked' }, stranger);
    expect(theirs.res.status).toBe(404);
    expect(errorOf(theirs)).toMatchObject({ code: 'video_not_found' });
    expect((await trpc('uploads.editForm', { videoId: v.id }, stranger, 'GET')).res.status).toBe(404);
    expect((await trpc('uploads.editForm', { videoId: 99999999 }, owner, 'GET')).res.status).toBe(404);
    expect((await edit(v.id, { title: 'Signed out' }, '')).res.status).toBe(401);
    expect(sqlite.prepare('SELECT title FROM videos WHERE id = ?').pluck().get(v.id)).toBe(
      'Private Lantern Reel',
    );
  });

  it('takes a frame of the timeline or a checked custom image as the preview', async () => {
    const v = await ownVideo('Frame Picker Reel', { status: 2 });
    // A real sprite sheet for this video's directory (the shared fake one is not an image).
    await sharp({ create: { width: 320, height: 90, channels: 3, background: '#208040' } })
      .jpeg()
      .toFile(join(sut.config.mediaDir, v.mediaPath, 'sprites', 'sprite-001.jpg'));
    const form = data(await trpc('uploads.editForm', { videoId: v.id }, owner, 'GET'));
    expect(form.frames.length).toBe(2);
    expect(form.frames[1]).toMatchObject({
      index: 1,
      x: 160,
      w: 160,
      src: `${v.mediaPath}/sprites/sprite-001.jpg`,
    });
    const thumb = join(sut.config.mediaDir, v.mediaPath, 'thumb@2x.jpg');
    expect(
      data(await edit(v.id, { title: 'Frame Picker Reel', preview: { kind: 'frame', index: 1 } })),
    ).toEqual({
      result: 'applied',
    });
    expect((await sharp(thumb).metadata()).width).toBeGreaterThan(100);
    expect(
      errorOf(await edit(v.id, { title: 'Frame Picker Reel', preview: { kind: 'frame', index: 50 } })),
    ).toMatchObject({ code: 'preview_required' });
    // A custom image goes through video_edit.php act=preview (its hostile-file checks), then by token.
    const sendPreview = async (bytes: BlobPart, cookie: string) => {
      const body = new FormData();
      body.set('act', 'preview');
      body.set('preview', new File([bytes], 'p.jpg', { type: 'image/jpeg' }));
      return (
        await sut.json('/api/video_edit.php', {
          method: 'POST',
          body,
          headers: { cookie, origin: sut.config.publicOrigin },
        })
      ).body;
    };
    const jpeg = async (width: number, height: number) =>
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: '#a04000' } })
          .jpeg()
          .toBuffer(),
      );
    expect((await sendPreview(await jpeg(200, 100), owner)).code).toBe('invalid_image_size');
    expect((await sendPreview('<svg onload=alert(1)>', owner)).code).toBe('bad_file_type');
    const mine = await sendPreview(await jpeg(800, 450), owner);
    expect(
      data(await edit(v.id, { title: 'Frame Picker Reel', preview: { kind: 'image', token: mine.preview } })),
    ).toEqual({ result: 'applied' });
    // Another member's token is not found.
    const stored = await sendPreview(await jpeg(800, 450), stranger);
    expect(
      errorOf(
        await edit(v.id, {
          title: 'Frame Picker Reel',
          preview: { kind: 'image', token: stored.preview },
        }),
      ),
    ).toMatchObject({ code: 'preview_required' });
  });

  it('offers existing models by name to the picker', async () => {
    const [m] = someModels();
    const found = data(await trpc('uploads.models', { text: m.title.slice(0, 4) }, owner, 'GET')) as {
      id: number;
    }[];
    expect(found.map((x) => x.id)).toContain(m.id);
    expect(data(await trpc('uploads.models', { text: '%' }, owner, 'GET'))).toEqual([]);
    expect((await trpc('uploads.models', { text: 'a' }, '', 'GET')).res.status).toBe(401);
  });
});

describe('uploads.delete', () => {
  it('removes the video everywhere and frees its media in the background', async () => {
    const v = await ownVideo('Marble Staircase Reel');
    expect(titlesIn((await sut.json(LATEST)).body)).toContain('Marble Staircase Reel');
    expect(titlesIn((await sut.json(search('marble staircase'))).body)).toContain('Marble Staircase Reel');
    expect((await sut.json(videoJson(v.id))).body.video.title).toBe('Marble Staircase Reel');
    const uploaderCount = () =>
      sqlite.prepare('SELECT videos_count FROM members WHERE id = ?').pluck().get(ownerId) as number;
    const before = uploaderCount();

    // Not the owner: answered like a missing video, nothing changes.
    const theirs = await trpc('uploads.delete', { videoId: v.id }, stranger);
    expect(theirs.res.status).toBe(404);
    expect(errorOf(theirs)).toMatchObject({ code: 'video_not_found' });
    expect((await trpc('uploads.delete', { videoId: v.id }, '')).res.status).toBe(401);

    expect(data(await trpc('uploads.delete', { videoId: v.id }, owner))).toEqual({ deleted: true });
    expect(titlesIn((await sut.json(LATEST)).body)).not.toContain('Marble Staircase Reel');
    // Its JSON says deleted (status 5), as after a takedown: the page shows "recently deleted".
    expect((await sut.json(videoJson(v.id))).body.video).toMatchObject({ status_id: 5 });
    expect(uploaderCount()).toBe(before - 1);
    const sitemap = await (await sut.request('/sitemaps/videos-1.xml')).text();
    expect(sitemap).not.toContain(`/videos/${v.id}/`);
    // Gone from the member's uploads list at once.
    expect(
      (data(await trpc('uploads.mine', undefined, owner, 'GET')) as any[]).some((u) => u.videoId === v.id),
    ).toBe(false);
    // Audited, and the media job is queued; running it frees the files.
    expect(
      sqlite
        .prepare("SELECT actor_id FROM audit_log WHERE action = 'video.delete' AND target_id = ?")
        .pluck()
        .get(v.id),
    ).toBe(ownerId);
    expect(
      sqlite
        .prepare("SELECT count(*) FROM jobs WHERE name = 'media.free' AND unique_key = ?")
        .pluck()
        .get(`free:${v.id}`),
    ).toBe(1);
    const dir = join(sut.config.mediaDir, v.mediaPath);
    writeFileSync(join(sut.config.uploadsDir ?? '', `upload-${v.id}`), 'x');
    expect(existsSync(dir)).toBe(true);
    await drainJobs();
    expect(existsSync(dir)).toBe(false);
    expect(titlesIn((await sut.json(search('marble staircase'))).body)).not.toContain(
      'Marble Staircase Reel',
    );
    // A second delete finds nothing.
    expect((await trpc('uploads.delete', { videoId: v.id }, owner)).res.status).toBe(404);
  });

  it('lets staff delete any video', async () => {
    const v = await ownVideo('Staff Removal Reel');
    expect(data(await trpc('uploads.delete', { videoId: v.id }, moderator))).toEqual({ deleted: true });
    expect(sqlite.prepare('SELECT status_id FROM videos WHERE id = ?').pluck().get(v.id)).toBe(5);
  });
});

describe('near-duplicates in the moderation queue', () => {
  it('shows listed videos of a close duration whose titles share words', async () => {
    const original = await ownVideo('Sunlit Beach Promenade 1971', { durationSec: 1200 });
    await ownVideo('Completely Different Thing', { durationSec: 1201 });
    const copy = await ownVideo('Beach Promenade 1971 remux', { status: 2, durationSec: 1202 });
    const item = (data(await trpc('moderation.queue', undefined, moderator, 'GET')).items as any[]).find(
      (i) => i.kind === 'video' && i.id === copy.id,
    );
    const similar = item.duplicates.filter((d: { kind: string }) => d.kind === 'similar');
    expect(similar.map((d: { videoId: number }) => d.videoId)).toEqual([original.id]);
  });
});

describe('album consent', () => {
  it('creates no album without the adult and consent confirmation', async () => {
    const send = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return sut.json('/api/album_edit.php', {
        method: 'POST',
        body,
        headers: { cookie: owner, origin: sut.config.publicOrigin },
      });
    };
    const count = () =>
      sqlite.prepare('SELECT count(*) FROM albums WHERE uploader_id = ?').pluck().get(ownerId);
    const before = count();
    expect((await send({ act: 'create', title: 'Dune photos' })).body).toMatchObject({
      code: 'consent_required',
      field: 'adult',
    });
    expect(count()).toBe(before);
    expect((await send({ act: 'create', title: 'Dune photos', adult: '1' })).body).toMatchObject({
      code: 'album_created',
    });
  });
});
