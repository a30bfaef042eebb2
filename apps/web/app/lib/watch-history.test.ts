import { describe, expect, it } from 'vitest';
import { addToWatchHistory, parseWatchHistory, type WatchHistoryEntry } from './watch-history';

const entry = (id: number): WatchHistoryEntry => ({
  type: 'video',
  params: { video_id: id, dir: `video-${id}`, title: `Video ${id}`, thumb: `/thumbs/${id}.jpg` },
});

describe('addToWatchHistory', () => {
  it('puts the newest first', () => {
    const out = addToWatchHistory([entry(1), entry(2)], entry(3));
    expect(out.map((e) => e.params.video_id)).toEqual([3, 1, 2]);
  });

  it('dedupes by video id', () => {
    const out = addToWatchHistory([entry(1), entry(2), entry(3)], entry(2));
    expect(out.map((e) => e.params.video_id)).toEqual([2, 1, 3]);
  });

  it('keeps at most the limit', () => {
    const history = Array.from({ length: 200 }, (_, i) => entry(i + 1));
    const out = addToWatchHistory(history, entry(999));
    expect(out).toHaveLength(200);
    expect(out[0].params.video_id).toBe(999);
    expect(out.at(-1)?.params.video_id).toBe(199);
  });
});

describe('parseWatchHistory', () => {
  it('returns an empty list for missing or broken data', () => {
    expect(parseWatchHistory(null)).toEqual([]);
    expect(parseWatchHistory('{oops')).toEqual([]);
    expect(parseWatchHistory('{"a":1}')).toEqual([]);
  });

  it('drops malformed entries', () => {
    const raw = JSON.stringify([entry(1), { type: 'album', params: {} }, null, entry(2)]);
    expect(parseWatchHistory(raw).map((e) => e.params.video_id)).toEqual([1, 2]);
  });
});
