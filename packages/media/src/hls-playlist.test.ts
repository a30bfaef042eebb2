import { describe, expect, it } from 'vitest';
import {
  av1CodecString,
  parseMasterBandwidths,
  parseMasterCodecs,
  playlistDurationSec,
  withMissingCodecs,
} from './hls-playlist';

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

  it('adds CODECS to the AV1 variants ffmpeg leaves without, keeping the H.264 ones as they are', () => {
    const master = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-STREAM-INF:BANDWIDTH=2340800,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"',
      '720p/index.m3u8',
      '',
      '#EXT-X-STREAM-INF:BANDWIDTH=1460800,RESOLUTION=1280x720',
      'av1-720p/index.m3u8',
      '',
    ].join('\n');
    const done = withMissingCodecs(master, new Map([['av1-720p', 'av01.0.05M.08,mp4a.40.2']]));
    expect(done.split('\n')[5]).toBe(
      '#EXT-X-STREAM-INF:BANDWIDTH=1460800,RESOLUTION=1280x720,CODECS="av01.0.05M.08,mp4a.40.2"',
    );
    expect(done.split('\n')[2]).toBe(master.split('\n')[2]);
    expect(Object.fromEntries(parseMasterCodecs(done))).toEqual({
      '720p': 'avc1.64001f,mp4a.40.2',
      'av1-720p': 'av01.0.05M.08,mp4a.40.2',
    });
    // Nothing known: the playlist is unchanged.
    expect(withMissingCodecs(master, new Map())).toBe(master);
  });

  it('reads the AV1 codec string from the av1C box of an init segment', () => {
    const box = (b1: number, b2: number) =>
      new Uint8Array([0, 0, 0, 0, 0x61, 0x76, 0x31, 0x43, 0x81, b1, b2, 0x00]);
    // Main profile, seq_level_idx 5 (level 3.1), Main tier, 8 bits.
    expect(av1CodecString(box(0x05, 0x0c))).toBe('av01.0.05M.08');
    // Main profile, level 4.0 (idx 8), High tier, 10 bits.
    expect(av1CodecString(box(0x08, 0xc0))).toBe('av01.0.08H.10');
    expect(av1CodecString(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
