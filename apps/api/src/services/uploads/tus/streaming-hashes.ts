import { Transform } from 'node:stream';
import { Worker } from 'node:worker_threads';

/**
 * The hashing thread. SHA-256 at upload speed takes up to a third of a core, and on the request thread it
 * capped uploads well below the disk; here it runs beside it. The bytes reach it through one shared ring
 * buffer, not as transferred copies: every copy was a fresh 1 MB buffer that each thread's garbage
 * collector freed only after tens of megabytes had piled up. Messages are handled in order, so a catch-up
 * read of the bytes already on disk always comes before the bytes that follow them, and ring space is
 * given back in the order it was taken. Plain CommonJS, so the thread starts the same under tsx and built
 * code.
 */
const HASH_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
const ring = new Uint8Array(workerData.ring);
const running = new Map();
parentPort.on('message', (m) => {
  if (m.op === 'start') {
    const r = { hash: createHash('sha256'), offset: 0 };
    running.set(m.id, r);
    let ok = true;
    if (m.offset > 0) {
      try {
        const fd = openSync(m.file, 'r');
        const buf = Buffer.allocUnsafe(1 << 20);
        while (r.offset < m.offset) {
          const n = readSync(fd, buf, 0, Math.min(buf.length, m.offset - r.offset), r.offset);
          if (n === 0) break;
          r.hash.update(buf.subarray(0, n));
          r.offset += n;
        }
        closeSync(fd);
      } catch {
        ok = false;
      }
      if (!ok || r.offset !== m.offset) running.delete(m.id);
    }
    parentPort.postMessage({ ack: m.ack, ok: running.has(m.id) });
  } else if (m.op === 'update') {
    const r = running.get(m.id);
    if (r) {
      r.hash.update(ring.subarray(m.start, m.start + m.length));
      r.offset += m.length;
    }
    parentPort.postMessage({ done: m.length });
  } else if (m.op === 'discard') {
    running.delete(m.id);
  } else if (m.op === 'finish') {
    const r = running.get(m.id);
    running.delete(m.id);
    parentPort.postMessage({ ack: m.ack, hex: r && r.offset === m.size ? r.hash.digest('hex') : null });
  }
});
`;

/** The shared ring: bytes copied for the thread and not hashed yet. A writer waits while it is full. */
const RING_BYTES = 8 * 1024 * 1024;
/** Running hashes not fed for this long belong to abandoned uploads (the expiry period). */
const IDLE_MS = 24 * 3600 * 1000;

/** Bytes waiting for ring space, in arrival order. */
interface Waiting {
  id: string;
  bytes: Buffer;
  done: () => void;
}

export interface RunningHash {
  id: string;
}

/**
 * SHA-256 of each upload computed while its bytes stream in, so the duplicate check needs no second read
 * of a file that may be 10 GB. The running state lives in this process: a PATCH that finds none at its
 * offset (after a restart, or when the previous one failed half-way) first has the bytes already on disk
 * read once, and goes on from there.
 */
export function createStreamingHashes(now: () => number = Date.now) {
  let hashing: { worker: Worker; ring: Buffer } | null = null;
  const replies = new Map<number, (reply: { ok?: boolean; hex?: string | null }) => void>();
  let nextAck = 1;
  /** Ring bytes handed to the thread and not hashed yet, and where the next copy goes. */
  let pending = 0;
  let writeAt = 0;
  let waiting: Waiting[] = [];
  /** Where each running hash stands, as the request thread has fed it. */
  const offsets = new Map<string, { offset: number; touched: number }>();

  /** The thread and the ring it reads, started with the first upload. */
  function started(): { worker: Worker; ring: Buffer } {
    if (hashing) return hashing;
    const shared = new SharedArrayBuffer(RING_BYTES);
    const w = new Worker(HASH_THREAD, { eval: true, workerData: { ring: shared } });
    w.unref();
    w.on('message', (m: { ack?: number; done?: number; ok?: boolean; hex?: string | null }) => {
      if (m.done !== undefined) {
        pending -= m.done;
        pump();
      } else if (m.ack !== undefined) {
        replies.get(m.ack)?.(m);
        replies.delete(m.ack);
      }
    });
    hashing = { worker: w, ring: Buffer.from(shared) };
    return hashing;
  }
  const thread = () => started().worker;

  /** Copies waiting bytes into free ring space, oldest first, and tells the thread where they are. */
  function pump() {
    const { worker, ring } = started();
    while (waiting.length > 0 && pending < RING_BYTES) {
      const head = waiting[0];
      const length = Math.min(head.bytes.length, RING_BYTES - pending, RING_BYTES - writeAt);
      head.bytes.copy(ring, writeAt, 0, length);
      worker.postMessage({ op: 'update', id: head.id, start: writeAt, length });
      pending += length;
      writeAt = (writeAt + length) % RING_BYTES;
      head.bytes = head.bytes.subarray(length);
      if (head.bytes.length === 0) {
        waiting.shift();
        head.done();
      }
    }
  }

  const ask = (message: Record<string, unknown>) =>
    new Promise<{ ok?: boolean; hex?: string | null }>((resolve) => {
      const ack = nextAck++;
      replies.set(ack, resolve);
      thread().postMessage({ ...message, ack });
    });

  function prune() {
    const cutoff = now() - IDLE_MS;
    for (const [id, o] of offsets)
      if (o.touched < cutoff) {
        offsets.delete(id);
        thread().postMessage({ op: 'discard', id });
      }
  }

  /** A write failed half-way: what the hash saw may not be what the disk has. */
  function discard(id: string): void {
    if (!offsets.delete(id)) return;
    // Bytes of this upload still waiting for the ring are dropped; their writer is let go.
    for (const entry of waiting.filter((e) => e.id === id)) entry.done();
    waiting = waiting.filter((e) => e.id !== id);
    thread().postMessage({ op: 'discard', id });
  }

  return {
    /**
     * The hash that continues at `offset`; catches up from `file` when this process has none there. With
     * no file to read (the bytes are in an unfinished S3 multipart upload, which cannot be read back), an
     * upload this process did not start at 0 gets no streamed hash: `finish` answers null and the ingest
     * job hashes its copy of the finished upload instead.
     */
    async resume(id: string, file: string | null, offset: number): Promise<RunningHash> {
      const known = offsets.get(id);
      if (known && known.offset === offset) {
        known.touched = now();
        return { id };
      }
      prune();
      if (file === null && offset > 0) {
        discard(id);
        return { id };
      }
      offsets.set(id, { offset, touched: now() });
      const { ok } = await ask({ op: 'start', id, file, offset });
      if (!ok) offsets.delete(id);
      return { id };
    },

    /**
     * Bytes written at the end of the upload. Undefined once they are in the ring; a promise, resolved
     * when they are, while the ring is full (the writer then waits: memory stays bounded).
     */
    update(r: RunningHash, chunk: Buffer): Promise<void> | undefined {
      const o = offsets.get(r.id);
      if (!o || chunk.length === 0) return undefined;
      o.offset += chunk.length;
      let copied = false;
      const entry: Waiting = { id: r.id, bytes: chunk, done: () => (copied = true) };
      waiting.push(entry);
      pump();
      if (copied) return undefined;
      return new Promise((resolve) => {
        entry.done = resolve;
      });
    },

    /** A write failed half-way: what the hash saw may not be what the disk has. */
    discard,

    /** The hex digest once the hash has seen all `size` bytes, else null (the caller hashes the file). */
    async finish(id: string, size: number): Promise<string | null> {
      if (!offsets.delete(id)) return null;
      return (await ask({ op: 'finish', id, size })).hex ?? null;
    },
  };
}

export type StreamingHashes = ReturnType<typeof createStreamingHashes>;

/**
 * The bytes of one PATCH on their way to a store, fed to the running hash as they pass (the writer waits
 * while the ring is full); `received()` counts them.
 */
export function hashingTap(hashes: StreamingHashes, running: RunningHash) {
  let received = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      const room = hashes.update(running, chunk);
      if (room) room.then(() => done(null, chunk), done);
      else done(null, chunk);
    },
  });
  return { tap, received: () => received };
}
