import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildFfmpegArgs, buildPlan, MEDIA_FILES, probe } from '@vt/media';
import { cpuSeconds } from './cpu';

/**
 * Transcode CPU per source minute on a synthetic 2-minute 1080p source: our one-pass pipeline against
 * (a) the bare ffmpeg command it runs and (b) a per-rendition baseline the way PeerTube splits the work
 * (one ffmpeg per rendition, plus separate runs for each still, the sprites and the preview).
 */
export async function benchTranscode(dir: string) {
  mkdirSync(dir, { recursive: true });
  const source = join(dir, 'source-1080p.mp4');
  if (!existsSync(source)) {
    console.log('generating the 2-minute 1080p source (once)…');
    cpuSeconds('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1920x1080:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '120',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '6M',
      '-c:a',
      'aac',
      '-shortest',
      '-y',
      source,
    ]);
  }
  const minutes = 2;
  const fresh = (name: string) => {
    const d = join(dir, name);
    rmSync(d, { recursive: true, force: true });
    rmSync(`${d}.tmp`, { recursive: true, force: true });
    return d;
  };

  const ours = cpuSeconds('npx', ['tsx', 'scripts/bench/transcode-once.ts', source, fresh('ours')]);

  const plan = buildPlan(await probe(source));
  const bareDir = fresh('bare');
  mkdirSync(join(bareDir, MEDIA_FILES.spritesDir), { recursive: true });
  for (const r of plan.renditions) mkdirSync(join(bareDir, r.name), { recursive: true });
  const bare = cpuSeconds('ffmpeg', buildFfmpegArgs(source, bareDir, plan));

  const baseDir = fresh('baseline');
  mkdirSync(baseDir, { recursive: true });
  let baseline = 0;
  for (const r of plan.renditions) {
    baseline += cpuSeconds('ffmpeg', [
      '-v',
      'error',
      '-i',
      source,
      '-vf',
      `fps=${plan.frameRate},scale=${r.width}:${r.height}`,
      '-c:v',
      'libx264',
      '-preset',
      plan.preset,
      '-b:v',
      String(r.videoBitrate),
      '-maxrate',
      String(r.maxrate),
      '-bufsize',
      String(r.bufsize),
      '-g',
      String(plan.gopFrames),
      '-sc_threshold',
      '0',
      '-c:a',
      'aac',
      '-b:a',
      String(r.audioBitrate),
      '-f',
      'hls',
      '-hls_time',
      String(plan.segmentSeconds),
      '-hls_playlist_type',
      'vod',
      '-y',
      join(baseDir, `${r.name}.m3u8`),
    ]).cpu;
  }
  for (const still of [plan.stills.thumb, plan.stills.thumb2x, plan.stills.scr]) {
    baseline += cpuSeconds('ffmpeg', [
      '-v',
      'error',
      '-ss',
      String(plan.stills.atSec),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      `scale=${still.width}:${still.height}`,
      '-y',
      join(baseDir, still.file),
    ]).cpu;
  }
  const s = plan.sprites;
  baseline += cpuSeconds('ffmpeg', [
    '-v',
    'error',
    '-i',
    source,
    '-vf',
    `fps=1/${s.interval},scale=${s.tileWidth}:${s.tileHeight},tile=${s.columns}x${s.rows}`,
    '-y',
    join(baseDir, 'sprite-%03d.jpg'),
  ]).cpu;
  baseline += cpuSeconds('ffmpeg', [
    '-v',
    'error',
    '-i',
    source,
    '-vf',
    `select='lt(mod(t,${plan.preview.interval}),1)',setpts=N/FRAME_RATE/TB,scale=${plan.preview.width}:${plan.preview.height}`,
    '-an',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '30',
    '-y',
    join(baseDir, 'preview.mp4'),
  ]).cpu;

  return {
    sourceMinutes: minutes,
    oursCpuPerMinute: ours.cpu / minutes,
    bareCpuPerMinute: bare.cpu / minutes,
    baselineCpuPerMinute: baseline / minutes,
    ratio: ours.cpu / baseline,
    targetRatio: 0.75,
    overhead: ours.cpu / bare.cpu - 1,
    targetOverhead: 0.05,
  };
}
