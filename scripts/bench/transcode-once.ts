// One pipeline run, as the ingest job does it: `node --import tsx scripts/bench/transcode-once.ts <source> <outDir>`.
// BENCH_FFMPEG, when set, is the ffmpeg to run (the bench's wrapper that records ffmpeg's own CPU time);
// BENCH_MEDIA_SETTINGS, JSON media settings (the quality bench turns the AV1 set on with it).
import { processVideo } from '@vt/media';

await processVideo(process.argv[2], process.argv[3], {
  ffmpegPath: process.env.BENCH_FFMPEG,
  // The AV1 set needs a higher address-space ceiling than the default (ADR 0038).
  limits: process.env.BENCH_MEDIA_MEMORY_MB
    ? { memoryBytes: Number(process.env.BENCH_MEDIA_MEMORY_MB) * 1024 * 1024 }
    : undefined,
  settings: process.env.BENCH_MEDIA_SETTINGS ? JSON.parse(process.env.BENCH_MEDIA_SETTINGS) : undefined,
});
