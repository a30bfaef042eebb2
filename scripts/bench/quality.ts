import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type MediaManifest, readManifest } from '@vt/media';
import {
  type CorpusFigures,
  corpusFigures,
  processCorpus,
} from '../../packages/media/src/testing/restoration-corpus';
import { cpuSeconds, parseTimes } from './cpu';

const SECONDS = Number(process.env.BENCH_QUALITY_SECONDS ?? 20);

/**
 * Two 1080p25 sources: a clean synthetic pattern, and the same softened with moving grain, the way a
 * film transfer looks (grain is what an encoder finds hardest, and what this archive holds most of).
 * Stored near-losslessly (x264 CRF 12) so the source is the reference.
 */
const SOURCES = {
  clean: 'testsrc2=size=1920x1080:rate=25',
  grain: 'testsrc2=size=1920x1080:rate=25,gblur=sigma=1.5,noise=alls=12:allf=t+u',
} as const;

export interface RungQuality {
  name: string;
  codec: 'h264' | 'av1';
  width: number;
  height: number;
  /** Video only, from the segments' packets. */
  videoKbps: number;
  bitsPerPixel: number;
  ssim: number;
  ssimY: number;
  psnr: number;
  psnrY: number;
}

function run(cmd: string, args: string[]): string {
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr.slice(-1000)}`);
  return `${r.stdout}${r.stderr}`;
}

/**
 * Bits and quality of one rung against the source: the source is scaled to the rung's size with the
 * pipeline's own scaler (bicubic), so SSIM and PSNR measure what the encoder lost, not the downscale.
 */
export function rungQuality(
  playlist: string,
  source: string,
  r: Omit<RungQuality, 'videoKbps' | 'bitsPerPixel' | 'ssim' | 'ssimY' | 'psnr' | 'psnrY'>,
): RungQuality {
  const sizes = run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size,pts_time', '-of', 'csv=p=0'],
    playlist,
  ])
    .trim()
    .split('\n')
    .map((line) => line.split(','));
  const bits = sizes.reduce((t, [, size]) => t + Number(size) * 8, 0);
  const times = sizes.map(([t]) => Number(t));
  const frames = sizes.length;
  const seconds = (Math.max(...times) - Math.min(...times)) * (frames / Math.max(1, frames - 1));
  const graph =
    '[0:v]setpts=PTS-STARTPTS,split[d1][d2];' +
    `[1:v]setpts=PTS-STARTPTS,scale=${r.width}:${r.height},format=yuv420p,split[r1][r2];` +
    '[d1][r1]ssim;[d2][r2]psnr';
  const out = run('ffmpeg', [
    '-hide_banner',
    '-nostats',
    '-i',
    playlist,
    '-i',
    source,
    '-lavfi',
    graph,
    '-f',
    'null',
    '-',
  ]);
  const ssim = /SSIM Y:([\d.]+).*All:([\d.]+)/.exec(out);
  const psnr = /PSNR y:([\d.]+).*average:([\d.]+)/.exec(out);
  if (!ssim || !psnr) throw new Error(`no SSIM/PSNR for ${playlist}`);
  return {
    ...r,
    videoKbps: bits / seconds / 1000,
    bitsPerPixel: bits / (r.width * r.height * frames),
    ssim: Number(ssim[2]),
    ssimY: Number(ssim[1]),
    psnr: Number(psnr[2]),
    psnrY: Number(psnr[1]),
  };
}

function generate(file: string, pattern: string) {
  run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', pattern, '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-y', file],
  ]);
}

/** One pipeline run in its own Node process; the CPU of the ffmpeg it spawned. */
function pipelineRun(source: string, out: string, settings: object, wrapper: string, cpuFile: string) {
  rmSync(out, { recursive: true, force: true });
  const { wall } = cpuSeconds(
    process.execPath,
    ['--import', 'tsx', 'scripts/bench/transcode-once.ts', source, out],
    {
      BENCH_FFMPEG: wrapper,
      BENCH_MEDIA_SETTINGS: JSON.stringify(settings),
      BENCH_MEDIA_MEMORY_MB: '8192',
    },
  );
  return { ffmpegCpu: parseTimes(readFileSync(cpuFile, 'utf8')), wall };
}

function ladderQuality(dir: string, source: string, manifest: MediaManifest): RungQuality[] {
  const rungs = [
    ...manifest.renditions.map((r) => ({ ...r, codec: 'h264' as const })),
    ...(manifest.av1 ?? []).map((r) => ({ ...r, codec: 'av1' as const })),
  ];
  return rungs.map((r) =>
    rungQuality(join(dir, r.name, 'index.m3u8'), source, {
      name: r.name,
      codec: r.codec,
      width: r.width,
      height: r.height,
    }),
  );
}

/**
 * Quality per bit of the ladder (issue 23): each rung's video bitrate and bits per pixel against its SSIM
 * and PSNR to the source (this ffmpeg has no libvmaf), for the H.264 ladder in fMP4 and with the AV1 set
 * on; and what the AV1 set costs: the ffmpeg CPU of the run with it against the run without.
 */
export async function benchQuality(dir: string) {
  mkdirSync(dir, { recursive: true });
  const cpuFile = join(dir, 'ffmpeg-cpu.txt');
  const wrapper = join(dir, 'ffmpeg-timed.sh');
  writeFileSync(wrapper, `#!/usr/bin/env bash\nffmpeg "$@"\nrc=$?\ntimes > '${cpuFile}'\nexit $rc\n`);
  chmodSync(wrapper, 0o755);
  const results: Record<string, unknown> = {
    sourceSeconds: SECONDS,
    metric: 'SSIM and PSNR (no libvmaf in this ffmpeg)',
  };
  for (const [name, pattern] of Object.entries(SOURCES)) {
    const source = join(dir, `source-${name}-1080p-${SECONDS}s.mp4`);
    if (!existsSync(source)) generate(source, pattern);
    const h264Dir = join(dir, `${name}-h264`);
    const av1Dir = join(dir, `${name}-av1`);
    const h264 = pipelineRun(source, h264Dir, {}, wrapper, cpuFile);
    const av1 = pipelineRun(source, av1Dir, { av1: { enabled: true } }, wrapper, cpuFile);
    const withAv1 = ladderQuality(av1Dir, source, (await readManifest(av1Dir))!);
    const h264Only = ladderQuality(h264Dir, source, (await readManifest(h264Dir))!);
    const entry = {
      h264: { ffmpegCpuSec: h264.ffmpegCpu, wallSec: h264.wall, rungs: h264Only },
      withAv1: { ffmpegCpuSec: av1.ffmpegCpu, wallSec: av1.wall, rungs: withAv1 },
      av1ExtraCpuPerSourceSecond: (av1.ffmpegCpu - h264.ffmpegCpu) / SECONDS,
      h264CpuPerSourceSecond: h264.ffmpegCpu / SECONDS,
    };
    results[name] = entry;
    console.log(
      `quality ${name}: ffmpeg CPU H.264 ladder ${h264.ffmpegCpu.toFixed(1)} s, with the AV1 set ${av1.ffmpegCpu.toFixed(1)} s (${SECONDS} s of 1080p25)`,
    );
    for (const r of withAv1) {
      const twin =
        r.codec === 'av1' ? withAv1.find((x) => x.codec === 'h264' && x.height === r.height) : null;
      console.log(
        `  ${r.name.padEnd(9)} ${r.videoKbps.toFixed(0).padStart(5)} kb/s  ${r.bitsPerPixel.toFixed(3)} bpp  SSIM ${r.ssim.toFixed(4)}  PSNR ${r.psnr.toFixed(2)} dB` +
          (twin ? `  (size ÷ H.264 ${(r.videoKbps / twin.videoKbps).toFixed(2)})` : ''),
      );
    }
  }
  return results;
}

/** The restoration corpus (ADR 0032) run through the pipeline, with the figures its test asserts. */
export async function benchRestorationCorpus(): Promise<Record<string, CorpusFigures>> {
  const dir = mkdtempSync(join(process.cwd(), 'data', 'bench-restoration-'));
  try {
    const manifests = await processCorpus(dir);
    const figures: Record<string, CorpusFigures> = {};
    for (const [name, manifest] of manifests) {
      const f = await corpusFigures(dir, name, manifest);
      figures[name] = f;
      console.log(
        `restoration ${name.padEnd(11)} ${f.decision.padEnd(28)} progressive ${(f.progressiveShare * 100).toFixed(1)}%, repeated fields ${(f.repeatedFieldShare * 100).toFixed(1)}%, ${f.frameRate} fps, ${f.width}x${f.height} (DAR ${f.displayAspect.toFixed(3)}, SAR ${f.sampleAspect}), bars left ${f.barsLeft.join('/')} px, loudness ${f.loudnessIn.toFixed(1)} → ${f.loudnessOut.toFixed(1)} LUFS (target −16 ±1)`,
      );
    }
    return figures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
