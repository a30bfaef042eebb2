// One pipeline run, as the ingest job does it: `tsx scripts/bench/transcode-once.ts <source> <outDir>`.
import { processVideo } from '@vt/media';

await processVideo(process.argv[2], process.argv[3]);
