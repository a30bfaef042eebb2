import { join } from 'node:path';
import { FINGERPRINT_FILTERS } from './fingerprint';
import { sandboxedInput } from './input-sandbox';
import { MEDIA_FILES } from './media-layout';
import { ladderVariants, type MediaPlan, type StillPlan } from './plan';
import { restorationAudioFilters, restorationVideoFilters } from './restoration';
import { beforeStillArgs, beforeStillChain } from './restoration-stills';

function fitFilter(still: { width: number; height: number; fit: StillPlan['fit'] }): string {
  const { width: w, height: h } = still;
  if (still.fit === 'scale') return `scale=${w}:${h},setsar=1`;
  return `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:-1:-1,setsar=1`;
}

/**
 * The filter graph: the source is decoded once, restored, brought to the planned frame rate and split into
 * the ladder, one branch for the stills, one for the sprite sheets, one for the hover preview and one for
 * the fingerprint.
 *
 * The ladder is a cascade: each rendition is scaled from the one above it, not from the source. A
 * downscale filter's taps grow with the ratio, so 1080p→240p straight costs several times 360p→240p;
 * the cascade halves the scaling work of a 1080p ladder and looks the same.
 *
 * ffmpeg prints no -progress report until every output has written its header, and an image output
 * writes its header with its first frame. So each image output gets a frame right away: the stills take
 * the first frame and then the one at atSec (-update 1 keeps the last), and the sprite sequence starts with
 * a blank primer sheet (sprite-000.jpg) that the runner deletes.
 *
 * concat starts its second segment where the first one's frames end, and it measures a one-frame segment
 * as lasting nothing, so the first real sheet came out with the primer's timestamp (0). The mjpeg encoder
 * refuses a repeated timestamp ("Invalid pts (0) <= last (0)"), but only when both frames meet in the same
 * encoder thread, so the run failed now and then. The sheets are renumbered 0, 1, 2… after the concat.
 */
export function buildFilterGraph(plan: MediaPlan): string {
  const { renditions, stills, sprites } = plan;
  // Restoration first (issue 23): every output is made from the progressive, cropped picture.
  const restore = plan.restoration ? restorationVideoFilters(plan.restoration) : [];
  const video = [...restore, `fps=${plan.frameRate}`].join(',');
  const chains = [`[0:${plan.videoStreamIndex}]${video},split=5[c0][st][sp][pv][fp]`];
  chains.push(`[fp]${FINGERPRINT_FILTERS}[fingerprint]`);
  const sound = audioFilters(plan);
  if (sound.length > 0) {
    const n = ladderVariants(plan).length;
    const labels = Array.from({ length: n }, (_, i) => `[a${i}]`).join('');
    chains.push(`[0:${plan.audioStreamIndex}]${sound.join(',')}${n > 1 ? `,asplit=${n}` : ''}${labels}`);
  }
  // The hover preview: the first second of every interval, joined back to back (timestamps renumbered).
  const pv = plan.preview;
  chains.push(
    `[pv]select='lt(mod(t,${pv.interval}),1)',setpts=N/FRAME_RATE/TB,scale=${pv.width}:${pv.height},setsar=1,format=yuv420p[preview]`,
  );
  renditions.forEach((r, i) => {
    const scaled = `[c${i}]scale=${r.width}:${r.height},setsar=1${i === 0 ? ',format=yuv420p' : ''}`;
    // The AV1 set (ADR 0038) encodes the same scaled pictures as the H.264 rung: [w{i}].
    const outs = [`[v${i}]`, ...(plan.av1 ? [`[w${i}]`] : [])];
    if (i < renditions.length - 1) outs.push(`[c${i + 1}]`);
    chains.push(outs.length > 1 ? `${scaled},split=${outs.length}${outs.join('')}` : `${scaled}${outs[0]}`);
  });
  // If the video stream ends before atSec, the first frame stays as the still.
  chains.push(`[st]select='eq(n,0)+gte(t,${stills.atSec})',trim=end_frame=2,split=3[s0][s1][s2]`);
  chains.push(`[s0]${fitFilter(stills.thumb)}[thumb]`);
  chains.push(`[s1]${fitFilter(stills.thumb2x)}[thumb2x]`);
  chains.push(`[s2]${fitFilter(stills.scr)}[scr]`);
  const tile = { width: sprites.tileWidth, height: sprites.tileHeight, fit: 'pad' as const };
  // The trim keeps the sheet count exactly as planned when rounding would add one more frame. eof_action:
  // a video shorter than half an interval (a single frame) still gets its one tile.
  chains.push(
    `[sp]fps=1/${sprites.interval}:eof_action=pass,trim=end_frame=${sprites.tileCount},${fitFilter(tile)},` +
      `tile=${sprites.columns}x${sprites.rows}[sheets]`,
  );
  const sheet = `${sprites.columns * sprites.tileWidth}x${sprites.rows * sprites.tileHeight}`;
  chains.push(`color=c=black:s=${sheet}:r=1:d=1[primer]`);
  chains.push('[primer][sheets]concat=n=2:v=1:a=0,settb=1,setpts=N[sprites]');
  chains.push(...beforeStillChain(plan));
  return chains.join(';');
}

/** The sound's filters (loudness), or none: then each variant maps the source's audio stream itself. */
function audioFilters(plan: MediaPlan): string[] {
  const audio = plan.hasAudio && plan.audioStreamIndex !== null;
  return audio && plan.restoration ? restorationAudioFilters(plan.restoration) : [];
}

function hlsArgs(outDir: string, plan: MediaPlan): string[] {
  const args: string[] = [];
  const audio = plan.hasAudio && plan.audioStreamIndex !== null;
  const filtered = audioFilters(plan).length > 0;
  const variants = ladderVariants(plan);
  const h264 = plan.renditions.length;
  variants.forEach((_, i) => {
    args.push('-map', i < h264 ? `[v${i}]` : `[w${i - h264}]`);
    // Mapped once per variant: each variant carries its own audio so it plays on its own.
    if (audio) args.push('-map', filtered ? `[a${i}]` : `0:${plan.audioStreamIndex}`);
  });
  args.push(
    '-c:v',
    'libx264',
    '-preset',
    plan.preset,
    '-g',
    String(plan.gopFrames),
    '-keyint_min',
    String(plan.gopFrames),
    '-sc_threshold',
    '0',
  );
  plan.renditions.forEach((r, i) => {
    args.push(`-b:v:${i}`, String(r.videoBitrate), `-maxrate:v:${i}`, String(r.maxrate));
    args.push(`-bufsize:v:${i}`, String(r.bufsize), `-profile:v:${i}`, r.profile);
  });
  // The more specific stream specifier, later on the line, wins over the global libx264 and preset.
  // lp=1: one SVT-AV1 encoder a rung, each with its own thread pool sized to every core, would reserve
  // more address space than MEDIA_MAX_MEMORY_MB allows and hang ffmpeg when a thread cannot start.
  plan.av1?.renditions.forEach((r, j) => {
    const k = h264 + j;
    args.push(`-c:v:${k}`, 'libsvtav1', `-preset:v:${k}`, String(plan.av1?.preset));
    args.push(`-svtav1-params:v:${k}`, 'lp=1', `-b:v:${k}`, String(r.videoBitrate));
  });
  if (audio) {
    args.push('-c:a', 'aac', '-ac', '2');
    if (plan.audioSampleRate) args.push('-ar', String(plan.audioSampleRate));
    variants.forEach((r, i) => {
      args.push(`-b:a:${i}`, String(r.audioBitrate));
    });
  }
  const streamMap = variants
    .map((r, i) => (audio ? `v:${i},a:${i},name:${r.name}` : `v:${i},name:${r.name}`))
    .join(' ');
  args.push(
    '-f',
    'hls',
    '-hls_time',
    String(plan.segmentSeconds),
    '-hls_playlist_type',
    'vod',
    '-hls_flags',
    'independent_segments',
    ...segmentArgs(plan),
    '-hls_segment_filename',
    join(
      outDir,
      '%v',
      plan.segmentType === 'fmp4' ? MEDIA_FILES.segmentPattern : MEDIA_FILES.tsSegmentPattern,
    ),
    '-master_pl_name',
    MEDIA_FILES.master,
    '-var_stream_map',
    streamMap,
    join(outDir, '%v', MEDIA_FILES.variantPlaylist),
  );
  return args;
}

/**
 * The segment container (ADR 0038). fMP4: one init segment per variant (#EXT-X-MAP, relative to the
 * variant playlist, so `720p/init-720p.mp4`) and media segments that each start with a key frame, as
 * MPEG-TS ones did; the 2 s GOP and independent_segments are the same for both.
 */
function segmentArgs(plan: MediaPlan): string[] {
  if (plan.segmentType === 'mpegts') return ['-hls_segment_type', 'mpegts'];
  // ffmpeg fills in %v only when there are several variants: a one-rung ladder gets its name written out,
  // or its playlist would point at a literal `init-%v.mp4` (not a valid URL).
  const variants = [...plan.renditions, ...(plan.av1?.renditions ?? [])];
  const init =
    variants.length === 1 ? MEDIA_FILES.initPattern.replace('%v', variants[0].name) : MEDIA_FILES.initPattern;
  return ['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', init];
}

/**
 * passthrough: an image output's frames are far apart in time and must not be duplicated to a constant rate.
 * One encoder thread: with several, a frame is checked only against the last one its own thread saw, and a
 * timestamp mistake fails the run only now and then instead of every time. A few images need no threads.
 */
const IMAGE_OUTPUT = ['-fps_mode', 'passthrough', '-threads', '1'];

function stillArgs(label: string, file: string): string[] {
  return ['-map', `[${label}]`, ...IMAGE_OUTPUT, '-update', '1', '-q:v', '3', file];
}

// Muted, small and web-ready (moov first), so a hover can start it at once.
function previewArgs(file: string): string[] {
  return [
    '-map',
    '[preview]',
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '30',
    '-movflags',
    '+faststart',
    file,
  ];
}

// Raw grey frames, one a second, for the perceptual fingerprint (fingerprint.ts).
function fingerprintArgs(file: string): string[] {
  return ['-map', '[fingerprint]', '-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'gray', file];
}

function spriteArgs(file: string): string[] {
  return ['-map', '[sprites]', ...IMAGE_OUTPUT, '-start_number', '0', '-q:v', '5', file];
}

/**
 * Arguments of the single ffmpeg run that decodes the source once and writes the HLS ladder (one hls
 * muxer, a master playlist and one directory per variant), the thumbnails, the preview image and the
 * timeline sprite sheets into outDir. Pure; outDir's variant and sprites directories must exist, and
 * sprites/sprite-000.jpg is a primer to delete afterwards. The input is read through the sandbox
 * (input-sandbox.ts).
 */
export function buildFfmpegArgs(input: string, outDir: string, plan: MediaPlan): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-progress',
    'pipe:1',
    '-nostats',
    '-y',
    ...sandboxedInput(input),
    '-filter_complex',
    buildFilterGraph(plan),
    ...hlsArgs(outDir, plan),
    ...stillArgs('thumb', join(outDir, plan.stills.thumb.file)),
    ...stillArgs('thumb2x', join(outDir, plan.stills.thumb2x.file)),
    ...stillArgs('scr', join(outDir, plan.stills.scr.file)),
    ...spriteArgs(join(outDir, MEDIA_FILES.spritesDir, MEDIA_FILES.spritePattern)),
    ...previewArgs(join(outDir, plan.preview.file)),
    ...fingerprintArgs(join(outDir, MEDIA_FILES.fingerprintFrames)),
    ...beforeStillArgs(outDir, plan),
  ];
}
