import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFfmpegArgs, buildPlan, MEDIA_FILES, type MediaPlan, probe } from '@vt/media';
import { cpuSeconds, parseTimes } from './cpu';
import { median } from './median';

const SOURCE_SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS ?? 120);
/** CPU time of a multi-threaded encoder on a shared 2-core machine varies ±10% run to run: rounds interleave. */
const ROUNDS = Number(process.env.BENCH_TRANSCODE_ROUNDS ?? 3);

function generateSource(file: string) {
  console.log(`generating the ${SOURCE_SECONDS} s 1080p source (once)…`);
  cpuSeconds('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(SOURCE_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '6M', '-c:a', 'aac', '-shortest', '-y', file],
  ]);
}

/** The per-rendition baseline the way PeerTube splits the work: every output decodes the source again. */
function baselineCpu(source: string, plan: MediaPlan, dir: string): number {
  mkdirSync(dir, { recursive: true });
  let cpu = 0;
  for (const r of plan.renditions) {
    cpu += cpuSeconds('ffmpeg', [
      ...['-v', 'error', '-i', source, '-vf', `fps=${plan.frameRate},scale=${r.width}:${r.height}`],
      ...['-c:v', 'libx264', '-preset', plan.preset, '-b:v', String(r.videoBitrate)],
      ...['-maxrate', String(r.maxrate), '-bufsize', String(r.bufsize)],
      ...['-g', String(plan.gopFrames), '-sc_threshold', '0', '-c:a', 'aac', '-b:a', String(r.audioBitrate)],
      ...['-f', 'hls', '-hls_time', String(plan.segmentSeconds), '-hls_playlist_type', 'vod'],
      ...['-y', join(dir, `${r.name}.m3u8`)],
    ]).cpu;
  }
  for (const still of [plan.stills.thumb, plan.stills.thumb2x, plan.stills.scr]) {
    cpu += cpuSeconds('ffmpeg', [
      ...['-v', 'error', '-ss', String(plan.stills.atSec), '-i', source, '-frames:v', '1'],
      ...['-vf', `scale=${still.width}:${still.height}`, '-y', join(dir, still.file)],
    ]).cpu;
  }
  const s = plan.sprites;
  cpu += cpuSeconds('ffmpeg', [
    ...['-v', 'error', '-i', source],
    ...['-vf', `fps=1/${s.interval},scale=${s.tileWidth}:${s.tileHeight},tile=${s.columns}x${s.rows}`],
    ...['-y', join(dir, 'sprite-%03d.jpg')],
  ]).cpu;
  const pv = plan.preview;
  cpu += cpuSeconds('ffmpeg', [
    ...['-v', 'error', '-i', source],
    ...['-vf', `select='lt(mod(t,${pv.interval}),1)',setpts=N/FRAME_RATE/TB,scale=${pv.width}:${pv.height}`],
    ...['-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-y', join(dir, 'preview.mp4')],
  ]).cpu;
  return cpu;
}

/**
 * Transcode CPU per source minute on a synthetic 1080p source (2 minutes by default): our one-pass pipeline
 * (probe, plan, the one ffmpeg run, VTT and manifest, in a Node process as the ingest job runs it) against
 * (a) the bare ffmpeg command it runs and (b) a per-rendition baseline the way PeerTube splits the work (one
 * ffmpeg per rendition, plus separate runs for each still, the sprites and the preview). The three run in
 * turn, ROUNDS times; each figure is the median of the rounds. The overhead is measured two ways: against
 * the separate bare run, and directly as the pipeline's CPU outside the ffmpeg it spawned (a wrapper
 * records ffmpeg's own time), which the run-to-run noise of the first does not blur.
 */
export async function benchTranscode(dir: string) {
  mkdirSync(dir, { recursive: true });
  const source = join(dir, `source-1080p-${SOURCE_SECONDS}s.mp4`);
  if (!existsSync(source)) generateSource(source);
  const minutes = SOURCE_SECONDS / 60;
  const fresh = (name: string) => {
    const d = join(dir, name);
    rmSync(d, { recursive: true, force: true });
    rmSync(`${d}.tmp`, { recursive: true, force: true });
    return d;
  };
  const ffmpegCpuFile = join(dir, 'ffmpeg-cpu.txt');
  const wrapper = join(dir, 'ffmpeg-timed.sh');
  writeFileSync(wrapper, `#!/usr/bin/env bash\nffmpeg "$@"\nrc=$?\ntimes > '${ffmpegCpuFile}'\nexit $rc\n`);
  chmodSync(wrapper, 0o755);

  const plan = buildPlan(await probe(source));
  const rounds: { ours: number; oursFfmpeg: number; bare: number; baseline: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const ours = cpuSeconds(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench/transcode-once.ts', source, fresh('ours')],
      { BENCH_FFMPEG: wrapper },
    ).cpu;
    const oursFfmpeg = parseTimes(readFileSync(ffmpegCpuFile, 'utf8'));

    const bareDir = fresh('bare');
    mkdirSync(join(bareDir, MEDIA_FILES.spritesDir), { recursive: true });
    for (const r of plan.renditions) mkdirSync(join(bareDir, r.name), { recursive: true });
    const bare = cpuSeconds('ffmpeg', buildFfmpegArgs(source, bareDir, plan)).cpu;

    const baseline = baselineCpu(source, plan, fresh('baseline'));
    rounds.push({ ours, oursFfmpeg, bare, baseline });
    console.log(
      `  transcode round ${round}/${ROUNDS}: ours ${ours.toFixed(1)} s CPU (ffmpeg ${oursFfmpeg.toFixed(1)}), bare ${bare.toFixed(1)}, baseline ${baseline.toFixed(1)}`,
    );
  }

  const perMinute = (key: 'ours' | 'bare' | 'baseline') => median(rounds.map((r) => r[key])) / minutes;
  return {
    sourceMinutes: minutes,
    rounds: rounds.length,
    samples: rounds,
    oursCpuPerMinute: perMinute('ours'),
    bareCpuPerMinute: perMinute('bare'),
    baselineCpuPerMinute: perMinute('baseline'),
    ratio: median(rounds.map((r) => r.ours / r.baseline)),
    targetRatio: 0.75,
    overhead: median(rounds.map((r) => r.ours / r.bare - 1)),
    overheadOutsideFfmpeg: median(rounds.map((r) => r.ours / r.oursFfmpeg - 1)),
    targetOverhead: 0.05,
  };
}
