import { startS3TestServer } from '../../apps/api/src/media-store/testing/s3-test-server';

/**
 * s3rver (with the ListParts shim tus needs) in a process of its own, for the tus-s3 bench: its work is not
 * counted against the API node. Prints `{ endpoint, env, directory }` as one JSON line, then serves until
 * SIGTERM or SIGINT, when it removes its directory. `npx tsx scripts/bench/s3-server.ts [bucket]`
 */
const s3 = await startS3TestServer(process.argv[2] ?? 'bench-media');
process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, env: s3.env, directory: s3.directory })}\n`);
let stopping = false;
// The signal can come twice (to the process group, and relayed by tsx): stop once.
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  s3.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
