import { compress, type Effort, type Encoding } from './compression';

/** A stored body and the compressed copies made of it, one per coding a client asked for. */
export interface StoredCodings {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Codings whose copy is still the first one. */
  quick?: Partial<Record<Encoding, boolean>>;
}

/**
 * The stored copy of `entry` in `enc`. The first is made at the `first` level, which a visitor waits for;
 * most stored answers are asked for once in their lifetime. An entry asked for again gets a smaller copy,
 * made after that answer is sent, for every later hit (docs/decisions/0019). No hit compresses.
 * `resize` tells the store how many bytes the entry gained; `stored` whether it still holds the entry.
 */
export function storedCoding(
  entry: StoredCodings,
  enc: Encoding,
  store: { resize: (added: number) => void; stored: () => boolean; first: Effort },
): Buffer {
  const out = entry[enc];
  if (!out) {
    const quick = compress(entry.body, enc, store.first);
    entry[enc] = quick;
    entry.quick = { ...entry.quick, [enc]: true };
    store.resize(quick.length);
    return quick;
  }
  if (entry.quick?.[enc]) {
    entry.quick = { ...entry.quick, [enc]: false };
    setImmediate(() => {
      if (entry[enc] !== out || !store.stored()) return;
      const small = compress(entry.body, enc, 'small');
      entry[enc] = small;
      store.resize(small.length - out.length);
    });
  }
  return out;
}
