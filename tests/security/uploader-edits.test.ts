import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drainJobsOf,
  LATEST,
  ownVideoFactory,
  searchUrl,
  trpcOf,
  videoJson,
} from '../integration/helpers/own-video';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

/**
 * Issue 17 (12): an uploader's edit of a published video goes back to moderation. Visitors keep seeing the
 * approved title, description and image (video JSON, page, listings, search) until a moderator approves it.
 */

const search = searchUrl;

let sut: TestApp;
let sqlite: TestApp['db']['$client'];
let owner: string;
let ownerId: number;
let stranger: string;
let moderator: string;

const trpc = (path: string, input: unknown, cookie: string, method: 'GET' | 'POST' = 'POST') =>
  trpcOf(sut)(path, input, cookie, method);
const data = (r: { body: { result?: { data: unknown } } }) => r.body.result?.data as any;

/** The multipart edit form of video_edit.php, as the site sends it. */
function edit(fields: Record<string, string | Blob>, cookie: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ act: 'edit', ...fields })) body.set(k, v);
  return sut.json('/api/video_edit.php', {
    method: 'POST',
    body,
    headers: { cookie, origin: sut.config.publicOrigin },
  });
}

const drainJobs = () => drainJobsOf(sut)();
let ownVideo: ReturnType<typeof ownVideoFactory>;

const titleOf = (id: number) => sqlite.prepare('SELECT title FROM videos WHERE id = ?').pluck().get(id);
const pendingEdits = (id: number) =>
  sqlite
    .prepare("SELECT id, fields FROM video_revisions WHERE video_id = ? AND status = 'pending'")
    .all(id) as { id: number; fields: string }[];
const queueEdits = async () =>
  (data(await trpc('moderation.queue', undefined, moderator, 'GET')).items as any[]).filter(
    (i) => i.kind === 'edit',
  );
const page = async (id: number, dir: string) => (await sut.request(`/videos/${id}/${dir}/`)).text();
const titlesIn = (listing: { videos?: { title: string }[] }) => (listing.videos ?? []).map((v) => v.title);
const image = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 800, height: 450, channels: 3, background: '#10a0e0' } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    'new-cover.jpg',
    { type: 'image/jpeg' },
  );

beforeAll(async () => {
  sut = createTestApp({ videos: 40 });
  sqlite = sut.db.$client;
  ownerId = await sut.createMember('keeper');
  ownVideo = ownVideoFactory(sut, () => ownerId);
  await sut.createMember('intruder');
  const moderatorId = await sut.createMember('referee');
  sqlite.prepare("UPDATE members SET role = 'moderator' WHERE id = ?").run(moderatorId);
  owner = await sut.signIn('keeper');
  stranger = await sut.signIn('intruder');
  moderator = await sut.signIn('referee');
});
afterAll(() => sut.close());

describe('an owner edits a published video', () => {
  it('keeps the approved text public until a moderator approves, then shows the new text everywhere', async () => {
    const v = await ownVideo('Lighthouse Keeper Reel');
    // Warm every shared cache with the approved text: approval has to purge them.
    expect((await sut.json(videoJson(v.id))).body.video.title).toBe('Lighthouse Keeper Reel');
    expect(titlesIn((await sut.json(LATEST)).body)).toContain('Lighthouse Keeper Reel');
    expect(titlesIn((await sut.json(search('lighthouse'))).body)).toContain('Lighthouse Keeper Reel');

    const sent = await edit(
      { video_id: String(v.id), title: 'Zanzibar Sunset Reel', desc: 'Brand new zanzibar words' },
      owner,
    );
    expect(sent.res.status).toBe(200);
    expect(sent.body).toMatchObject({ ok: true, code: 'video_edit_pending' });
    expect(sent.body.message).toMatch(/moderat/i);

    // Nothing public changed: the video JSON, its page, the listing and search.
    expect(titleOf(v.id)).toBe('Lighthouse Keeper Reel');
    const json = (await sut.json(videoJson(v.id))).body.video;
    expect(json.title).toBe('Lighthouse Keeper Reel');
    expect(JSON.stringify(json)).not.toMatch(/zanzibar/i);
    const html = await page(v.id, v.dir);
    expect(html).toContain('Lighthouse Keeper Reel');
    expect(html).not.toMatch(/zanzibar/i);
    await drainJobs();
    expect(JSON.stringify((await sut.json(LATEST)).body)).not.toMatch(/zanzibar/i);
    expect((await sut.json(search('zanzibar'))).body.videos ?? []).toEqual([]);
    expect(titlesIn((await sut.json(search('lighthouse'))).body)).toContain('Lighthouse Keeper Reel');
    expect(JSON.stringify((await sut.json(`/api/suggester.php?c=zanz`)).body)).not.toMatch(/zanzibar/i);

    // The uploader sees the edit waiting on their uploads page.
    const mine = data(await trpc('uploads.mine', undefined, owner, 'GET')) as any[];
    expect(mine.find((u) => u.videoId === v.id)).toMatchObject({ editPending: true, videoStatus: 1 });

    // The moderators see old against new.
    const [item] = (await queueEdits()).filter((i) => i.videoId === v.id);
    expect(item).toMatchObject({
      key: `edit:${pendingEdits(v.id)[0].id}`,
      title: 'Lighthouse Keeper Reel',
      changes: [
        { field: 'title', before: 'Lighthouse Keeper Reel', after: 'Zanzibar Sunset Reel' },
        { field: 'description', before: 'The approved words.', after: 'Brand new zanzibar words' },
      ],
    });

    const approved = await trpc('moderation.approve', { keys: [item.key] }, moderator);
    expect(data(approved)).toEqual({ done: [item.key], skipped: [] });
    // The cached answers were purged: the new text shows on the next request.
    expect((await sut.json(videoJson(v.id))).body.video).toMatchObject({
      title: 'Zanzibar Sunset Reel',
      description: 'Brand new zanzibar words',
    });
    expect(titlesIn((await sut.json(LATEST)).body)).toContain('Zanzibar Sunset Reel');
    expect(await page(v.id, v.dir)).toContain('Zanzibar Sunset Reel');
    await drainJobs();
    expect(titlesIn((await sut.json(search('zanzibar'))).body)).toContain('Zanzibar Sunset Reel');
    expect(pendingEdits(v.id)).toEqual([]);
    expect(
      (data(await trpc('uploads.mine', undefined, owner, 'GET')) as any[]).find((u) => u.videoId === v.id)
        .editPending,
    ).toBe(false);

    const audit = sqlite
      .prepare(
        "SELECT actor_id, before, after FROM audit_log WHERE action = 'video_edit.approve' AND target_id = ?",
      )
      .get(v.id) as { actor_id: number; before: string; after: string };
    expect(JSON.parse(audit.before)).toEqual({
      title: 'Lighthouse Keeper Reel',
      description: 'The approved words.',
    });
    expect(JSON.parse(audit.after)).toMatchObject({ title: 'Zanzibar Sunset Reel', preview: false });
    const notes = data(await trpc('me.notifications', undefined, owner, 'GET'));
    expect(notes.items[0]).toMatchObject({ kind: 'video_edit_approved', params: { id: v.id } });
  });

  it('a newer edit replaces the pending one; a rejected edit leaves the video as it was', async () => {
    const v = await ownVideo('Harbour Crane Reel');
    await edit({ video_id: String(v.id), title: 'First Draft Reel', desc: 'The approved words.' }, owner);
    await edit({ video_id: String(v.id), title: 'Second Draft Reel', desc: 'The approved words.' }, owner);
    expect(pendingEdits(v.id)).toHaveLength(1);
    const items = (await queueEdits()).filter((i) => i.videoId === v.id);
    expect(items.map((i) => i.changes)).toEqual([
      [{ field: 'title', before: 'Harbour Crane Reel', after: 'Second Draft Reel' }],
    ]);

    const r = await trpc(
      'moderation.reject',
      { keys: [items[0].key], reason: 'misleading_metadata', note: 'Keep the real place name' },
      moderator,
    );
    expect(data(r).done).toEqual([items[0].key]);
    expect(titleOf(v.id)).toBe('Harbour Crane Reel');
    expect((await sut.json(videoJson(v.id))).body.video.title).toBe('Harbour Crane Reel');
    expect(await page(v.id, v.dir)).not.toContain('Second Draft Reel');
    expect(
      sqlite.prepare('SELECT status, decided_by, note FROM video_revisions WHERE id = ?').get(items[0].id),
    ).toMatchObject({ status: 'rejected', note: 'misleading_metadata: Keep the real place name' });
    expect(
      sqlite
        .prepare("SELECT reason FROM audit_log WHERE action = 'video_edit.reject' AND target_id = ?")
        .pluck()
        .get(v.id),
    ).toBe('misleading_metadata: Keep the real place name');
    expect(data(await trpc('me.notifications', undefined, owner, 'GET')).items[0]).toMatchObject({
      kind: 'video_edit_rejected',
      params: { id: v.id, reason: 'misleading_metadata' },
    });
    // A decided edit is gone from the queue, and deciding it again changes nothing.
    expect((await queueEdits()).filter((i) => i.videoId === v.id)).toEqual([]);
    expect(data(await trpc('moderation.approve', { keys: [items[0].key] }, moderator))).toEqual({
      done: [],
      skipped: [items[0].key],
    });
    expect(titleOf(v.id)).toBe('Harbour Crane Reel');
  });

  it('says so in the uploader’s language', async () => {
    const v = await ownVideo('Fishing Fleet Reel');
    const sent = await edit(
      { video_id: String(v.id), title: 'Fishing Fleet Reel', desc: 'Other words' },
      `${owner}; lang=ru`,
    );
    expect(sent.body.code).toBe('video_edit_pending');
    expect(sent.body.message).toMatch(/модерац/);
  });

  it('holds a new preview image back until approval; staff alone see it before', async () => {
    const v = await ownVideo('Pier Lamps Reel');
    const thumb = join(sut.config.mediaDir, 'uploads', String(v.id), 'thumb.jpg');
    const approvedThumb = readFileSync(thumb);
    const sent = await edit(
      {
        video_id: String(v.id),
        title: 'Pier Lamps Reel',
        desc: 'The approved words.',
        preview: await image(),
      },
      owner,
    );
    expect(sent.body.code).toBe('video_edit_pending');
    expect(readFileSync(thumb).equals(approvedThumb)).toBe(true);

    const [item] = (await queueEdits()).filter((i) => i.videoId === v.id);
    expect(item.changes).toEqual([
      { field: 'image', before: `/thumbs/uploads/${v.id}/thumb@2x.jpg`, after: expect.any(String) },
    ]);
    const proposed = item.changes[0].after as string;
    for (const cookie of [undefined, owner, stranger])
      expect((await sut.request(proposed, { headers: cookie ? { cookie } : {} })).status).toBe(404);
    const shown = await sut.request(proposed, { headers: { cookie: moderator } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');

    expect(data(await trpc('moderation.approve', { keys: [item.key] }, moderator)).done).toEqual([item.key]);
    const published = readFileSync(thumb);
    expect(published.equals(approvedThumb)).toBe(false);
    expect((await sharp(published).metadata()).width).toBeGreaterThan(0);
    expect((await sut.request(proposed, { headers: { cookie: moderator } })).status).toBe(404);
  });
});

describe('what does not go through moderation', () => {
  it('an edit of a video nobody approved yet applies at once', async () => {
    const v = await ownVideo('Unseen Dunes Reel', { status: 2 });
    const sent = await edit({ video_id: String(v.id), title: 'Renamed Dunes Reel', desc: 'Fresh' }, owner);
    expect(sent.body).toMatchObject({ ok: true, code: 'video_changed' });
    expect(titleOf(v.id)).toBe('Renamed Dunes Reel');
    expect(pendingEdits(v.id)).toEqual([]);
  });

  it('someone else’s video answers exactly like a missing one, and nothing is stored', async () => {
    const v = await ownVideo('Private Cove Reel');
    const theirs = await edit({ video_id: String(v.id), title: 'Hijacked Title', desc: '' }, stranger);
    const missing = await edit({ video_id: '99999999', title: 'Hijacked Title', desc: '' }, stranger);
    expect(theirs.res.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect(theirs.body.code).toBe('video_not_found');
    expect(pendingEdits(v.id)).toEqual([]);
    expect(titleOf(v.id)).toBe('Private Cove Reel');
  });

  it('members cannot decide edits', async () => {
    const v = await ownVideo('Tidal Pool Reel');
    await edit({ video_id: String(v.id), title: 'Self Approved Reel', desc: '' }, owner);
    const key = `edit:${pendingEdits(v.id)[0].id}`;
    expect((await trpc('moderation.approve', { keys: [key] }, owner)).res.status).toBe(404);
    expect(titleOf(v.id)).toBe('Tidal Pool Reel');
  });
});
