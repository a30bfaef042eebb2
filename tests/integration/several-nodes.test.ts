import { openDb } from '@vt/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../apps/api/src/app';
import { createLogger } from '../../apps/api/src/logger';
import { createTestApp, type TestApp } from './helpers/test-app';

/** A signed HLS or poster location: what a playable video's page carries. */
const SIGNED_MEDIA = /\/media\/\d{9,12}\//;
const LATEST = '/api/json/videos2/86400/straight/latest-updates/60/all..1.all.0.all.json';

/** Node A is the test app; node B is a second API process on the same database, with caches of its own. */
let a: TestApp;
let b: ReturnType<typeof createApp>;
let bDb: ReturnType<typeof openDb>;
beforeAll(() => {
  a = createTestApp({ videos: 80 });
  bDb = openDb(a.config.databaseFile);
  b = createApp({ config: a.config, db: bDb, log: createLogger('silent') });
});
afterAll(() => {
  bDb.$client.close();
  a.close();
});

const idsOn = async (node: { request: (p: string) => Response | Promise<Response> }) =>
  ((await (await node.request(LATEST)).json()) as { videos: { video_id: number }[] }).videos.map((v) =>
    Number(v.video_id),
  );

describe('several API nodes on one database', () => {
  it("a takedown on one node is gone from the other node's cached JSON and pages at its next request", async () => {
    const onB = { request: (p: string) => b.app.request(p) };
    const [first] = await idsOn(onB);
    const dir = a.db.$client.prepare('SELECT dir FROM videos WHERE id = ?').pluck().get(first) as string;
    const page = `/videos/${first}/${dir}/`;
    // Node B answers and keeps both in its own caches.
    expect(SIGNED_MEDIA.test(await (await b.app.request(page)).text())).toBe(true);
    expect(await idsOn(onB)).toContain(first);
    expect(await idsOn(onB)).toContain(first);

    expect(await a.services.publish.takeDown([first!])).toEqual([first]);

    expect(await idsOn(onB)).not.toContain(first);
    // The removed video's page on node B: no playable media any more, as on node A.
    for (const node of [a.request, b.app.request])
      expect(SIGNED_MEDIA.test(await (await node(page)).text())).toBe(false);
  });

  it('a purge by a worker process (no HTTP of its own) reaches the API nodes too', async () => {
    const onB = { request: (p: string) => b.app.request(p) };
    const ids = await idsOn(onB);
    const hidden = ids[1]!;
    // What a job does: a change in the database, then the services' purge, in another process.
    a.db.$client.prepare('UPDATE videos SET is_private = 1 WHERE id = ?').run(hidden);
    expect(await idsOn(onB)).toContain(hidden);
    await a.services.caches.purge();
    expect(await idsOn(onB)).not.toContain(hidden);
  });

  it("views counted on two nodes add up, and a visitor's repeat view on the other node is not counted twice", async () => {
    const [video] = await idsOn({ request: (p: string) => b.app.request(p) });
    const before = a.db.$client.prepare('SELECT video_viewed FROM videos WHERE id = ?').pluck();
    const viewed = before.get(video) as number;
    const opts = (ip: string) => ({
      country: 'de',
      nogeo: false,
      visitor: { ip, id: `v-${ip}`, memberId: null },
    });
    for (let i = 0; i < 5; i++) await a.services.views.record(video!, opts(`10.0.0.${i}`));
    for (let i = 5; i < 12; i++) await b.services.views.record(video!, opts(`10.0.0.${i}`));
    // The first visitor again, now on node B: the view window is shared through the database.
    await b.services.views.record(video!, opts('10.0.0.0'));
    await a.services.views.flush();
    await b.services.views.flush();
    expect(before.get(video)).toBe(viewed + 12);
  });
});
