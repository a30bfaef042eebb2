import { describe, expect, it } from 'vitest';
import { MediaError } from './errors';
import { parseProbe } from './probe';

const mp4 = {
  streams: [
    {
      index: 0,
      codec_name: 'h264',
      codec_type: 'video',
      width: 640,
      height: 360,
      sample_aspect_ratio: '1:1',
      r_frame_rate: '25/1',
      avg_frame_rate: '25/1',
      duration: '10.000000',
      bit_rate: '1794724',
      disposition: { default: 1, attached_pic: 0 },
    },
    {
      index: 1,
      codec_name: 'aac',
      codec_type: 'audio',
      sample_rate: '48000',
      channels: 1,
      bit_rate: '96258',
      duration: '10.000000',
    },
  ],
  format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '10.000000', bit_rate: '1896832' },
};

function errorOf(fn: () => unknown): MediaError {
  try {
    fn();
  } catch (err) {
    return err as MediaError;
  }
  throw new Error('did not throw');
}

describe('parseProbe', () => {
  it('reads a plain H.264 + AAC MP4', () => {
    expect(parseProbe(mp4)).toEqual({
      durationSec: 10,
      containerDurationSec: 10,
      width: 640,
      height: 360,
      codedWidth: 640,
      codedHeight: 360,
      rotation: 0,
      videoCodec: 'h264',
      audioCodec: 'aac',
      videoBitrate: 1794724,
      audioBitrate: 96258,
      formatBitrate: 1896832,
      fps: 25,
      frameRate: '25/1',
      hasAudio: true,
      audioSampleRate: 48000,
      audioChannels: 1,
      videoStreamIndex: 0,
      audioStreamIndex: 1,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      streamCount: 2,
      frameRates: { average: 25, base: 25 },
    });
  });

  it('swaps width and height for sideways rotation (display matrix and old rotate tag)', () => {
    const rotated = structuredClone(mp4);
    Object.assign(rotated.streams[0], {
      side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
    });
    const r = parseProbe(rotated);
    expect([r.width, r.height, r.rotation]).toEqual([360, 640, 270]);
    expect([r.codedWidth, r.codedHeight]).toEqual([640, 360]);

    const tagged = structuredClone(mp4);
    Object.assign(tagged.streams[0], { tags: { rotate: '90' } });
    expect(parseProbe(tagged)).toMatchObject({ width: 360, height: 640, rotation: 90 });

    const upsideDown = structuredClone(mp4);
    Object.assign(upsideDown.streams[0], { side_data_list: [{ rotation: 180 }] });
    expect(parseProbe(upsideDown)).toMatchObject({ width: 640, height: 360, rotation: 180 });
  });

  it('applies a non-square sample aspect ratio (anamorphic DVD)', () => {
    const dvd = structuredClone(mp4);
    Object.assign(dvd.streams[0], { width: 720, height: 480, sample_aspect_ratio: '8:9' });
    expect(parseProbe(dvd)).toMatchObject({ width: 640, height: 480, codedWidth: 720 });
  });

  it('handles Matroska: no stream bit_rate or duration, BPS and DURATION tags, fractional rate', () => {
    const mkv = {
      streams: [
        {
          index: 0,
          codec_name: 'vp9',
          codec_type: 'video',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          r_frame_rate: '30000/1001',
          tags: { BPS: '4000000', DURATION: '00:01:02.500000000' },
        },
        { index: 1, codec_name: 'opus', codec_type: 'audio', sample_rate: '48000', channels: 2 },
      ],
      format: { format_name: 'matroska,webm', bit_rate: '4200000' },
    };
    const r = parseProbe(mkv);
    expect(r.durationSec).toBe(62.5);
    expect(r.videoBitrate).toBe(4_000_000);
    expect(r.audioBitrate).toBeNull();
    expect(r.frameRate).toBe('30000/1001');
    expect(r.fps).toBeCloseTo(29.97, 2);
  });

  it('has no audio fields without an audio stream, and falls back from a bogus avg_frame_rate', () => {
    const silent = {
      streams: [{ ...mp4.streams[0], avg_frame_rate: '0/0', r_frame_rate: '24/1', bit_rate: undefined }],
      format: { ...mp4.format, bit_rate: undefined },
    };
    expect(parseProbe(silent)).toMatchObject({
      hasAudio: false,
      audioCodec: null,
      audioStreamIndex: null,
      audioSampleRate: null,
      videoBitrate: null,
      formatBitrate: null,
      fps: 24,
    });
  });

  it("takes the picture's duration when the sound runs longer, and keeps the container's", () => {
    const longerSound = { ...mp4, format: { ...mp4.format, duration: '14.000000' } };
    expect(parseProbe(longerSound)).toMatchObject({ durationSec: 10, containerDurationSec: 14 });
    const noStreamDuration = {
      ...mp4,
      streams: [{ ...mp4.streams[0], duration: undefined }, mp4.streams[1]],
    };
    expect(parseProbe(noStreamDuration)).toMatchObject({ durationSec: 10, containerDurationSec: 10 });
  });

  it('skips cover art and picks the real video stream', () => {
    const withCover = {
      streams: [
        {
          index: 0,
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 600,
          height: 600,
          disposition: { attached_pic: 1 },
        },
        { ...mp4.streams[1], index: 1 },
        { ...mp4.streams[0], index: 2 },
      ],
      format: mp4.format,
    };
    expect(parseProbe(withCover)).toMatchObject({
      videoStreamIndex: 2,
      audioStreamIndex: 1,
      videoCodec: 'h264',
    });
  });

  it("throws MediaError 'corrupted_file' without a video stream or a duration", () => {
    const audioOnly = { streams: [mp4.streams[1]], format: mp4.format };
    const err = errorOf(() => parseProbe(audioOnly));
    expect(err).toBeInstanceOf(MediaError);
    expect(err.code).toBe('corrupted_file');
    expect(err.message).toBe('corrupted file');
    expect(errorOf(() => parseProbe({})).code).toBe('corrupted_file');
    const noDuration = {
      streams: [{ ...mp4.streams[0], duration: undefined }],
      format: { format_name: 'x' },
    };
    expect(errorOf(() => parseProbe(noDuration)).code).toBe('corrupted_file');
  });

  it("refuses a demuxer outside the whitelist with 'corrupted_file' (an HLS playlist, an ffconcat script)", () => {
    for (const format_name of ['hls', 'concat', 'image2', 'lavfi', 'unknown']) {
      const err = errorOf(() => parseProbe({ ...mp4, format: { ...mp4.format, format_name } }));
      expect(err.code, format_name).toBe('corrupted_file');
    }
    expect(parseProbe({ ...mp4, format: { ...mp4.format, format_name: 'matroska,webm' } }).formatName).toBe(
      'matroska,webm',
    );
  });
});
