import { describe, expect, it } from 'vitest';
import { parseMasterBandwidths, playlistDurationSec } from './hls-playlist';

describe('HLS playlists', () => {
  it('reads variant bandwidths from a master playlist', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-STREAM-INF:BANDWIDTH=875600,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"',
      '360p/index.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=490600,RESOLUTION=426x240,CODECS="avc1.4d4015,mp4a.40.2"',
      '240p/index.m3u8',
    ].join('\n');
    expect(Object.fromEntries(parseMasterBandwidths(master))).toEqual({ '360p': 875600, '240p': 490600 });
  });

  it('adds up segment durations', () => {
    const playlist =
      '#EXTM3U\n#EXTINF:4.000000,\nseg-0000.ts\n#EXTINF:4.000000,\nseg-0001.ts\n#EXTINF:2.04,\nseg-0002.ts\n';
    expect(playlistDurationSec(playlist)).toBeCloseTo(10.04, 5);
  });
});
