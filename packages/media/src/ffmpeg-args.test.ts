import { describe, expect, it } from 'vitest';
import { buildFfmpegArgs } from './ffmpeg-args';
import { buildPlan } from './plan';
import type { ProbeResult } from './probe';

const probe720: ProbeResult = {
  durationSec: 95,
  containerDurationSec: 95,
  width: 1280,
  height: 720,
  codedWidth: 1280,
  codedHeight: 720,
  rotation: 0,
  videoCodec: 'h264',
  audioCodec: 'aac',
  videoBitrate: 3_000_000,
  audioBitrate: 128_000,
  formatBitrate: 3_130_000,
  fps: 25,
  frameRate: '25/1',
  hasAudio: true,
  audioSampleRate: 44_100,
  audioChannels: 2,
  videoStreamIndex: 0,
  audioStreamIndex: 1,
  formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
  streamCount: 2,
  frameRates: { average: 25, base: 25 },
};

/** The value following each occurrence of an option. */
function values(args: string[], option: string): string[] {
  return args.flatMap((a, i) => (a === option ? [args[i + 1]] : []));
}

describe('buildFfmpegArgs', () => {
  const plan = buildPlan(probe720);
  const args = buildFfmpegArgs('/in/source.mp4', '/out/v1.tmp', plan);

  it('is a single invocation reading the source once, reporting progress on stdout', () => {
    expect(values(args, '-i')).toEqual(['file:/in/source.mp4']);
    expect(values(args, '-filter_complex')).toHaveLength(1);
    expect(values(args, '-progress')).toEqual(['pipe:1']);
    expect(args).toContain('-nostats');
    expect(args).toContain('-y');
    expect(args.every((a) => typeof a === 'string' && a.length > 0)).toBe(true);
  });

  it('splits the decoded video once into the ladder, the stills and the sprites', () => {
    const graph = values(args, '-filter_complex')[0];
    expect(graph.startsWith('[0:0]fps=25/1,split=5[c0][st][sp][pv][fp];')).toBe(true);
    expect(graph).toContain('[fp]fps=1,scale=32:32:flags=area,format=gray[fingerprint]');
    expect(graph).toContain('[c0]scale=1280:720,setsar=1,format=yuv420p,split=2[v0][c1]');
    expect(graph).toContain('[c1]scale=854:480,setsar=1,split=2[v1][c2]');
    expect(graph).toContain('[c2]scale=640:360,setsar=1,split=2[v2][c3]');
    expect(graph).toContain('[c3]scale=426:240,setsar=1[v3]');
    expect(graph).toContain("select='eq(n,0)+gte(t,9.5)'");
    expect(graph).toContain(
      '[s0]scale=320:180:force_original_aspect_ratio=decrease,pad=320:180:-1:-1,setsar=1[thumb]',
    );
    expect(graph).toContain('[s2]scale=1280:720,setsar=1[scr]');
    expect(graph).toContain(
      'fps=1/1:eof_action=pass,trim=end_frame=95,scale=160:90:force_original_aspect_ratio=decrease,pad=160:90:-1:-1,setsar=1,tile=10x10',
    );
    expect(graph).toContain('color=c=black:s=1600x900:r=1:d=1[primer]');
    // concat gives the first sheet the primer's timestamp; renumbered, every sheet has its own.
    expect(graph).toContain('[primer][sheets]concat=n=2:v=1:a=0,settb=1,setpts=N[sprites]');
  });

  it('reads the source through the sandbox: whitelisted demuxers, the file protocol, a file: path', () => {
    const input = args.indexOf('-i');
    expect(args.slice(input - 4, input + 2)).toEqual([
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      'mov,matroska,avi,flv,asf,mpeg,mpegvideo,mpegts,rm',
      '-i',
      'file:/in/source.mp4',
    ]);
  });

  it('writes one hls muxer with named variants, per-variant audio and a master playlist', () => {
    expect(values(args, '-f')).toEqual(['hls', 'rawvideo']);
    expect(values(args, '-var_stream_map')).toEqual([
      'v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p v:3,a:3,name:240p',
    ]);
    expect(values(args, '-map').filter((m) => m === '0:1')).toHaveLength(4);
    expect(values(args, '-map').filter((m) => /^\[v\d\]$/.test(m))).toEqual(['[v0]', '[v1]', '[v2]', '[v3]']);
    expect(values(args, '-master_pl_name')).toEqual(['master.m3u8']);
    expect(values(args, '-hls_time')).toEqual(['4']);
    expect(values(args, '-hls_playlist_type')).toEqual(['vod']);
    expect(values(args, '-hls_segment_filename')).toEqual(['/out/v1.tmp/%v/seg-%04d.m4s']);
    expect(args).toContain('/out/v1.tmp/%v/index.m3u8');
    expect(values(args, '-c:v')).toEqual(['libx264', 'libx264']);
    expect(values(args, '-preset')).toEqual(['veryfast', 'veryfast']);
    expect(values(args, '-g')).toEqual(['50']);
    expect(values(args, '-keyint_min')).toEqual(['50']);
    expect(values(args, '-sc_threshold')).toEqual(['0']);
    expect(values(args, '-b:v:0')).toEqual(['1843000']);
    expect(values(args, '-maxrate:v:0')).toEqual(['2764500']);
    expect(values(args, '-bufsize:v:0')).toEqual(['3686000']);
    expect(values(args, '-profile:v:0')).toEqual(['high']);
    expect(values(args, '-profile:v:3')).toEqual(['main']);
    expect(values(args, '-c:a')).toEqual(['aac']);
    expect(values(args, '-b:a:0')).toEqual(['128000']);
    expect(values(args, '-b:a:3')).toEqual(['96000']);
    expect(args).not.toContain('-ar');
  });

  it('writes the stills and the sprite sheets as image outputs, the muted hover preview and the fingerprint frames', () => {
    expect(args).toContain('/out/v1.tmp/thumb.jpg');
    expect(args).toContain('/out/v1.tmp/thumb@2x.jpg');
    expect(args).toContain('/out/v1.tmp/scr.jpg');
    expect(args).toContain('/out/v1.tmp/sprites/sprite-%03d.jpg');
    expect(args).toContain('/out/v1.tmp/preview.mp4');
    expect(args.slice(args.indexOf('[fingerprint]') - 1)).toEqual([
      '-map',
      '[fingerprint]',
      '-fps_mode',
      'passthrough',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '/out/v1.tmp/fingerprint.gray',
    ]);
    expect(args.slice(args.indexOf('[preview]') - 1, args.indexOf('[preview]') + 2)).toEqual([
      '-map',
      '[preview]',
      '-an',
    ]);
    expect(values(args, '-filter_complex')[0]).toContain("[pv]select='lt(mod(t,");
    expect(values(args, '-fps_mode')).toEqual([
      'passthrough',
      'passthrough',
      'passthrough',
      'passthrough',
      'passthrough',
    ]);
    expect(values(args, '-threads')).toEqual(['1', '1', '1', '1']);
    expect(values(args, '-start_number')).toEqual(['0']);
  });

  it('maps no audio for a silent source and points at the real stream indexes', () => {
    const silent = buildPlan({ ...probe720, hasAudio: false, audioCodec: null, audioStreamIndex: null });
    const a = buildFfmpegArgs('/in/s.mp4', '/out', silent);
    expect(values(a, '-var_stream_map')).toEqual(['v:0,name:720p v:1,name:480p v:2,name:360p v:3,name:240p']);
    expect(a).not.toContain('-c:a');
    expect(values(a, '-map').some((m) => m.startsWith('0:'))).toBe(false);

    const odd = buildPlan({ ...probe720, videoStreamIndex: 2, audioStreamIndex: 0, audioSampleRate: 22_050 });
    const b = buildFfmpegArgs('/in/s.mkv', '/out', odd);
    expect(values(b, '-filter_complex')[0].startsWith('[0:2]')).toBe(true);
    expect(values(b, '-map').filter((m) => m === '0:0')).toHaveLength(4);
    expect(values(b, '-ar')).toEqual(['48000']);
  });

  it('writes fMP4 (CMAF) segments with an init segment per variant, keeping the 2 s GOP and independent segments', () => {
    expect(values(args, '-hls_segment_type')).toEqual(['fmp4']);
    expect(values(args, '-hls_fmp4_init_filename')).toEqual(['init-%v.mp4']);
    expect(values(args, '-hls_flags')).toEqual(['independent_segments']);
    expect(values(args, '-g')).toEqual([String(plan.gopFrames)]);
    expect(plan.gopFrames).toBe(50);
  });

  it('names the init segment of a one-rung ladder itself (ffmpeg fills in %v only for several variants)', () => {
    const small = buildPlan({ ...probe720, width: 320, height: 180, codedWidth: 320, codedHeight: 180 });
    expect(small.renditions.map((r) => r.name)).toEqual(['180p']);
    const a = buildFfmpegArgs('/in/s.mp4', '/out', small);
    expect(values(a, '-hls_fmp4_init_filename')).toEqual(['init-180p.mp4']);
  });

  it('still writes MPEG-TS segments when the operator keeps them', () => {
    const ts = buildFfmpegArgs('/in/s.mp4', '/out', buildPlan(probe720, { segmentType: 'mpegts' }));
    expect(values(ts, '-hls_segment_type')).toEqual(['mpegts']);
    expect(values(ts, '-hls_segment_filename')).toEqual(['/out/%v/seg-%04d.ts']);
    expect(ts).not.toContain('-hls_fmp4_init_filename');
  });

  it('adds an AV1 set at the same rungs behind the setting, from the same scaled pictures', () => {
    const av1 = buildPlan(probe720, { av1: { enabled: true } });
    const a = buildFfmpegArgs('/in/s.mp4', '/out', av1);
    const graph = values(a, '-filter_complex')[0];
    expect(graph).toContain('[c0]scale=1280:720,setsar=1,format=yuv420p,split=3[v0][w0][c1]');
    expect(graph).toContain('[c3]scale=426:240,setsar=1,split=2[v3][w3]');
    expect(values(a, '-var_stream_map')).toEqual([
      'v:0,a:0,name:720p v:1,a:1,name:480p v:2,a:2,name:360p v:3,a:3,name:240p ' +
        'v:4,a:4,name:av1-720p v:5,a:5,name:av1-480p v:6,a:6,name:av1-360p v:7,a:7,name:av1-240p',
    ]);
    expect(values(a, '-map').filter((m) => /^\[w\d\]$/.test(m))).toEqual(['[w0]', '[w1]', '[w2]', '[w3]']);
    expect(values(a, '-map').filter((m) => m === '0:1')).toHaveLength(8);
    // The global encoder is H.264; the AV1 streams override it afterwards, each with its own bitrate.
    expect(values(a, '-c:v')).toEqual(['libx264', 'libx264']);
    expect(values(a, '-c:v:4')).toEqual(['libsvtav1']);
    expect(values(a, '-preset:v:7')).toEqual(['10']);
    expect(values(a, '-svtav1-params:v:4')).toEqual(['lp=1']);
    expect(a.indexOf('-c:v:4')).toBeGreaterThan(a.indexOf('-c:v'));
    expect(Number(values(a, '-b:v:4')[0])).toBe(Math.round((1_843_000 * 0.6) / 1000) * 1000);
    expect(values(a, '-b:a:7')).toEqual(['96000']);
    // Off by default, and never in MPEG-TS.
    expect(plan.av1).toBeNull();
    expect(buildPlan(probe720, { av1: { enabled: true }, segmentType: 'mpegts' }).av1).toBeNull();
  });

  it('splits filtered sound once per variant of both sets', () => {
    const av1 = buildPlan(probe720, { av1: { enabled: true } });
    const restored: typeof av1 = {
      ...av1,
      restoration: {
        fields: { mode: 'progressive', parity: 'tff', source: 'measured' },
        crop: null,
        loudness: {
          measured: { integrated: -30, truePeak: -12, range: 5, threshold: -40, offset: 0 },
          target: { integrated: -16, truePeak: -1.5, range: 11 },
        },
        sampleAspect: 1,
      },
    };
    const graph = buildFfmpegArgs('/in/s.mp4', '/out', restored);
    expect(values(graph, '-filter_complex')[0]).toMatch(/asplit=8\[a0\]\[a1\].*\[a7\]/);
  });
});
