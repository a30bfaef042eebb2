import { compress, type Effort, type Encoding } from './compression';

/** A stored body and the compressed copies made of it, one per coding a client asked for. */
export interface StoredCodings {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** Codings whose copy is still the first one made, not yet asked for again. */
  firstCopy?: Partial<Record<Encoding, boolean>>;
}

/**
 * The stored copy of `entry` in `enc`. The first is made at `firstLevel`, which a visitor waits for;
 * most stored answers are asked for once in their lifetime. An entry asked for again gets a smaller copy,
 * made after that answer is sent, for every later hit (docs/decisions/0019). No hit compresses.
 * `resize` tells the store how many bytes the entry gained; `stored` whether it still holds the entry.
 */
export function storedCoding(
  entry: StoredCodings,
  enc: Encoding,
  store: { resize: (added: number) => void; stored: () => boolean; firstLevel: Effort },
): Buffer {
  const out = entry[enc];
  if (!out) {
    const made = compress(entry.body, enc, store.firstLevel);
    entry[enc] = made;
    entry.firstCopy = { ...entry.firstCopy, [enc]: true };
    store.resize(made.length);
    return made;
  }
  if (entry.firstCopy?.[enc]) {
    entry.firstCopy[enc] = false;
    setImmediate(() => {
      if (entry[enc] !== out || !store.stored()) return;
      const small = compress(entry.body, enc, 'small');
      entry[enc] = small;
      store.resize(small.length - out.length);
    });
  }
  return out;
}
