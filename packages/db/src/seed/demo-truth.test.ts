import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { masterVariants, playlistDurationSec } from '@vt/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDb, openDb } from '../client';
import { LOOP_TARGETS, loopedMediaPlaylist, loopedTimelineVtt, writeDemoLoops } from './demo-loops';
import { type DemoMedia, seedDemo } from './seed';

/**
 * The demo never lies: each video's listed duration is what a player reports for its stream (the floor
 * of its variant playlist's length), its seek previews cover exactly that length, and the HD badge is
 * on exactly the videos whose ladder has a rendition of 720p or more.
 */

let dir: string;
const media = () => join(dir, 'media');

/** A processed clip as packages/media lays it out: master, variants, segments, sprites and VTT. */
function fakeClip(path: string, heights: number[], segments: number[]): DemoMedia {
  const out = join(media(), path);
  mkdirSync(join(out, 'sprites'), { recursive: true });
  const master = ['#EXTM3U', '#EXT-X-VERSION:6'];
  for (const h of heights) {
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${h * 1000},RESOLUTION=${Math.round((h * 16) / 9)}x${h}`);
    master.push(`${h}p/index.m3u8`);
    mkdirSync(join(out, `${h}p`), { recursive: true });
    const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-TARGETDURATION:4', '#EXT-X-PLAYLIST-TYPE:VOD'];
    segments.forEach((s, i) => {
      lines.push(`#EXTINF:${s.toFixed(6)},`, `seg-000${i}.ts`);
      writeFileSync(join(out, `${h}p`, `seg-000${i}.ts`), Buffer.alloc(188, i));
    });
    writeFileSync(join(out, `${h}p`, 'index.m3u8'), `${[...lines, '#EXT-X-ENDLIST'].join('\n')}\n`);
  }
  writeFileSync(join(out, 'master.m3u8'), `${master.join('\n')}\n`);
  const seconds = segments.reduce((a, b) => a + b, 0);
  const interval = 2;
  const cues = Math.ceil(seconds / interval);
  const vtt = ['WEBVTT', ''];
  for (let k = 0; k < cues; k++) {
    const t = (s: number) =>
      `00:00:${String(Math.floor(s)).padStart(2, '0')}.${String(Math.round((s % 1) * 1000)).padStart(3, '0')}`;
    vtt.push(
      `${t(k * interval)} --> ${t(Math.min((k + 1) * interval, seconds))}`,
      `sprites/sprite-001.jpg#xywh=${k * 160},0,160,90`,
      '',
    );
  }
  writeFileSync(join(out, 'timeline.vtt'), vtt.join('\n'));
  writeFileSync(join(out, 'sprites', 'sprite-001.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(join(out, 'thumb.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  const clip: DemoMedia = {
    mediaPath: path,
    durationSec: Math.floor(seconds),
    width: Math.round((Math.max(...heights) * 16) / 9),
    height: Math.max(...heights),
    topHeight: Math.max(...heights),
    timelineCount: cues,
    timelineInterval: interval,
  };
  return { ...clip, loops: writeDemoLoops(media(), clip) };
}

const vttEnd = (vtt: string) =>
  Math.max(...[...vtt.matchAll(/--> (\d+):(\d+):(\d+\.\d+)/g)].map((m) => +m[1] * 3600 + +m[2] * 60 + +m[3]));

interface Row {
  id: number;
  duration_sec: number;
  duration_bucket: number;
  is_hd: number;
  media_path: string;
  timeline_count: number;
}
let rows: Row[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vt-demo-truth-'));
  const clips = [
    // 720p on top: HD. Segments not whole seconds, so rounding is tested too.
    fakeClip('demo/clip-1', [720, 480, 360], [4, 4, 4, 3.48]),
    // A 720p-tall source whose ladder stops at 480p would still be SD: only renditions count.
    { ...fakeClip('demo/clip-2', [480, 360], [4, 4, 2]), height: 720 },
  ];
  clips[1] = { ...clips[1], loops: clips[1].loops?.map((l) => ({ ...l, height: 720 })) };
  const db = openDb(join(dir, 'site.db'));
  await migrateDb(db);
  seedDemo(db, { videos: 400, media: clips, photos: [] });
  rows = db.$client
    .prepare('SELECT id, duration_sec, duration_bucket, is_hd, media_path, timeline_count FROM videos')
    .all() as Row[];
  db.$client.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('demo loops', () => {
  it('repeat the segments with a discontinuity between rounds, and the previews with them', () => {
    const playlist = loopedMediaPlaylist(
      '#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\na.ts\n#EXTINF:2.5,\nb.ts\n#EXT-X-ENDLIST\n',
      3,
    );
    expect(playlist.match(/#EXT-X-DISCONTINUITY/g)).toHaveLength(2);
    expect(playlist.match(/^a\.ts$/gm)).toHaveLength(3);
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(playlistDurationSec(playlist)).toBe(19.5);
    const vtt = loopedTimelineVtt(
      'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\ns.jpg#xywh=0,0,1,1\n\n00:00:05.000 --> 00:00:10.000\ns.jpg#xywh=1,0,1,1\n',
      6.5,
      2,
    );
    expect(vtt).toContain('00:00:05.000 --> 00:00:06.500');
    expect(vtt).toContain('00:00:06.500 --> 00:00:11.500\ns.jpg#xywh=0,0,1,1');
    expect(vttEnd(vtt)).toBe(13);
  });
});

describe('seeded demo videos', () => {
  it('list the duration their stream plays, across all three duration filters', () => {
    const seen = new Set<string>();
    for (const r of rows) {
      const out = join(media(), r.media_path);
      const [first] = masterVariants(readFileSync(join(out, 'master.m3u8'), 'utf8'));
      const seconds = playlistDurationSec(readFileSync(join(out, first), 'utf8'));
      expect(r.duration_sec, `video ${r.id} (${r.media_path})`).toBe(Math.floor(seconds));
      if (!seen.has(r.media_path)) {
        seen.add(r.media_path);
        // The seek previews run to the end of the stream and no further.
        const end = vttEnd(readFileSync(join(out, 'timeline.vtt'), 'utf8'));
        expect(end).toBeCloseTo(seconds, 3);
      }
    }
    expect(new Set(rows.map((r) => r.duration_bucket))).toEqual(new Set([1, 2, 3]));
    expect(seen.size).toBeGreaterThan(2 * LOOP_TARGETS.length);
  });

  it('carry the HD badge exactly when a 720p or taller rendition exists', () => {
    let hd = 0;
    for (const r of rows) {
      const master = readFileSync(join(media(), r.media_path, 'master.m3u8'), 'utf8');
      const tallest = Math.max(...[...master.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((m) => Number(m[1])));
      expect(r.is_hd, `video ${r.id}`).toBe(tallest >= 720 ? 1 : 0);
      hd += r.is_hd;
    }
    expect(hd).toBeGreaterThan(0);
    expect(hd).toBeLessThan(rows.length);
  });
});

describe('the seeded view history', () => {
  /** Per video, the countries it was watched from, seeding as if on the given day. */
  async function audiences(
    now: number,
  ): Promise<{ byVideo: Map<number, string>; usByGender: Map<string, number> }> {
    const db = openDb(join(dir, `views-${now}.db`));
    await migrateDb(db);
    seedDemo(db, { videos: 400, media: [fakeClip('demo/clip-3', [360], [4, 4])], photos: [], now });
    const byVideo = new Map(
      (
        db.$client
          .prepare(
            `SELECT video_id AS id, group_concat(DISTINCT country) AS countries
             FROM (SELECT video_id, country FROM video_views_daily ORDER BY country) GROUP BY video_id`,
          )
          .all() as { id: number; countries: string }[]
      ).map((r) => [r.id, r.countries]),
    );
    const usByGender = new Map(
      (
        db.$client
          .prepare(
            `SELECT v.gender, count(DISTINCT v.id) AS n FROM video_views_daily d JOIN videos v ON v.id = d.video_id
             WHERE d.country = 'us' GROUP BY v.gender`,
          )
          .all() as { gender: string; n: number }[]
      ).map((r) => [r.gender, r.n]),
    );
    db.$client.close();
    return { byVideo, usByGender };
  }

  it('gives each video the same audience whatever the day of seeding, and each orientation US viewers', async () => {
    const day = 86_400;
    const monday = await audiences(1_795_000_000);
    const tuesday = await audiences(1_795_000_000 + day);
    let same = 0;
    for (const [id, countries] of monday.byVideo) if (tuesday.byVideo.get(id) === countries) same++;
    // Only videos whose window of days changed may differ (their last rows): nearly all stay the same.
    expect(same / monday.byVideo.size).toBeGreaterThan(0.9);
    // The home page's first block is the visitor's country, the US by default: no orientation is empty.
    for (const gender of ['straight', 'gay', 'shemale']) {
      expect(monday.usByGender.get(gender) ?? 0, gender).toBeGreaterThan(0);
      expect(tuesday.usByGender.get(gender) ?? 0, gender).toBeGreaterThan(0);
    }
  });
});
