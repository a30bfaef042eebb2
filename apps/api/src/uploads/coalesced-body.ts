import type { IncomingMessage } from 'node:http';

/** Bytes per chunk handed on: large enough that the per-chunk cost of the stream layers stops mattering. */
const CHUNK_BYTES = 1024 * 1024;
/** Chunks read ahead of the reader, so the socket keeps flowing while the disk write of the last one runs. */
const READ_AHEAD_CHUNKS = 4;

/**
 * A Node request body as a web stream of ~1 MB chunks instead of the socket's 64 KB reads. @tus/server
 * takes a web Request and turns its body back into a Node stream, through a proxy, a size limiter and the
 * store: every chunk pays each of those hops. The socket is read ahead of the reader (up to 4 MB), where
 * Hono's pull-one-chunk body stopped the socket between reads and the upload ran at a fifth of the disk.
 *
 * When the client goes away mid-request the bytes that did arrive still end the stream normally, so they
 * are written and the upload resumes after them.
 */
export function coalescedBody(incoming: IncomingMessage): ReadableStream<Uint8Array> {
  let parts: Buffer[] = [];
  let bytes = 0;
  let done = false;
  const take = () => {
    const chunk = parts.length === 1 ? parts[0] : Buffer.concat(parts, bytes);
    parts = [];
    bytes = 0;
    return chunk;
  };

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        incoming.on('data', (chunk: Buffer) => {
          if (done) return;
          parts.push(chunk);
          bytes += chunk.length;
          if (bytes < CHUNK_BYTES) return;
          controller.enqueue(take());
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        });
        const end = () => {
          if (done) return;
          done = true;
          if (bytes > 0) controller.enqueue(take());
          controller.close();
        };
        incoming.on('end', end);
        incoming.on('close', end);
        incoming.on('error', end);
      },
      pull() {
        if (!done) incoming.resume();
      },
      cancel() {
        // The reader stopped (another request took the upload over): the rest of the body is drained unread.
        done = true;
        parts = [];
        incoming.resume();
      },
    },
    { highWaterMark: READ_AHEAD_CHUNKS },
  );
}
