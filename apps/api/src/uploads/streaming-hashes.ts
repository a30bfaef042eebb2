import { Worker } from 'node:worker_threads';

/**
 * The hashing thread. SHA-256 at upload speed takes a third of a core, and on the request thread it
 * capped uploads well below the disk; here it runs beside it. Messages are handled in order, so a catch-up
 * read of the bytes already on disk always comes before the bytes that follow them. Plain CommonJS, so
 * the thread starts the same under tsx and built code.
 */
const HASH_THREAD = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { openSync, readSync, closeSync } = require('node:fs');
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
      r.hash.update(m.bytes);
      r.offset += m.bytes.length;
    }
    parentPort.postMessage({ done: m.bytes.length });
  } else if (m.op === 'discard') {
    running.delete(m.id);
  } else if (m.op === 'finish') {
    const r = running.get(m.id);
    running.delete(m.id);
    parentPort.postMessage({ ack: m.ack, hex: r && r.offset === m.size ? r.hash.digest('hex') : null });
  }
});
`;

/** Bytes sent to the thread and not hashed yet, past which a writer waits (memory stays bounded). */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** Running hashes not fed for this long belong to abandoned uploads (the expiry period). */
const IDLE_MS = 24 * 3600 * 1000;

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
  let worker: Worker | null = null;
  const replies = new Map<number, (reply: { ok?: boolean; hex?: string | null }) => void>();
  let nextAck = 1;
  let pending = 0;
  let drained: (() => void)[] = [];
  /** Where each running hash stands, as the request thread has fed it. */
  const offsets = new Map<string, { offset: number; touched: number }>();

  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(HASH_THREAD, { eval: true });
    w.unref();
    w.on('message', (m: { ack?: number; done?: number; ok?: boolean; hex?: string | null }) => {
      if (m.done !== undefined) {
        pending -= m.done;
        if (pending <= MAX_PENDING_BYTES / 2) {
          for (const resolve of drained) resolve();
          drained = [];
        }
      } else if (m.ack !== undefined) {
        replies.get(m.ack)?.(m);
        replies.delete(m.ack);
      }
    });
    worker = w;
    return w;
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

  return {
    /** The hash that continues at `offset`; catches up from `file` when this process has none there. */
    async resume(id: string, file: string, offset: number): Promise<RunningHash> {
      const known = offsets.get(id);
      if (known && known.offset === offset) {
        known.touched = now();
        return { id };
      }
      prune();
      offsets.set(id, { offset, touched: now() });
      const { ok } = await ask({ op: 'start', id, file, offset });
      if (!ok) offsets.delete(id);
      return { id };
    },

    /** Bytes written at the end of the upload; resolves when the thread has room for more. */
    update(r: RunningHash, chunk: Buffer): Promise<void> | undefined {
      const o = offsets.get(r.id);
      if (!o) return undefined;
      o.offset += chunk.length;
      const bytes = new Uint8Array(chunk);
      pending += bytes.length;
      thread().postMessage({ op: 'update', id: r.id, bytes }, [bytes.buffer]);
      return pending > MAX_PENDING_BYTES ? new Promise((resolve) => drained.push(resolve)) : undefined;
    },

    /** A write failed half-way: what the hash saw may not be what the disk has. */
    discard(id: string): void {
      if (offsets.delete(id)) thread().postMessage({ op: 'discard', id });
    },

    /** The hex digest once the hash has seen all `size` bytes, else null (the caller hashes the file). */
    async finish(id: string, size: number): Promise<string | null> {
      if (!offsets.delete(id)) return null;
      return (await ask({ op: 'finish', id, size })).hex ?? null;
    },
  };
}

export type StreamingHashes = ReturnType<typeof createStreamingHashes>;
