/** A byte-bounded LRU with per-entry expiry, for serialized responses. Map order is the recency order. */
export class ByteLru<V extends { bytes: number }> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  private size = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    this.map.delete(key);
    if (hit.expires <= this.now()) {
      this.size -= hit.value.bytes;
      return undefined;
    }
    this.map.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    if (value.bytes > this.maxBytes) return;
    this.delete(key);
    this.map.set(key, { value, expires: this.now() + ttlMs });
    this.size += value.bytes;
    this.evict();
  }

  /** Whether `key` holds `value` (expired or not): an entry that grows is counted only while held. */
  holds(key: string, value: V): boolean {
    return this.map.get(key)?.value === value;
  }

  /** `value` grew by `added` bytes (or shrank): counted if `key` still holds it, without a change of place. */
  resize(key: string, value: V, added: number): void {
    const held = this.holds(key, value);
    value.bytes += added;
    if (!held) return;
    this.size += added;
    this.evict();
  }

  private evict(): void {
    for (const [k, v] of this.map) {
      if (this.size <= this.maxBytes) break;
      this.map.delete(k);
      this.size -= v.value.bytes;
    }
  }

  delete(key: string): void {
    const hit = this.map.get(key);
    if (!hit) return;
    this.map.delete(key);
    this.size -= hit.value.bytes;
  }

  /** Drops every entry whose key starts with one of the prefixes (or everything with no prefixes). */
  purge(prefixes?: string[]): number {
    let n = 0;
    for (const key of [...this.map.keys()]) {
      if (!prefixes || prefixes.some((p) => key.startsWith(p))) {
        this.delete(key);
        n++;
      }
    }
    return n;
  }

  get bytes(): number {
    return this.size;
  }
}

/** Small TTL memo for values that are costly to compute and fine to be slightly stale (counts). */
export class TtlMemo<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  getOrCompute(key: string, compute: () => V): V {
    const hit = this.map.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    const value = compute();
    // An expired entry makes room for its own key, rather than evicting another.
    if (hit) this.map.delete(key);
    else if (this.map.size >= this.maxEntries) this.map.delete(this.map.keys().next().value as string);
    this.map.set(key, { value, expires: this.now() + this.ttlMs });
    return value;
  }

  clear(): void {
    this.map.clear();
  }

  /** Drops a key if it still holds this value. */
  forget(key: string, value: V): void {
    if (this.map.get(key)?.value === value) this.map.delete(key);
  }
}

/**
 * A TtlMemo of promises: callers arriving while the value is computed share one query, and a failed
 * computation is forgotten at once instead of being served until it expires.
 */
export class AsyncTtlMemo<V> {
  private readonly memo: TtlMemo<Promise<V>>;
  constructor(ttlMs: number, maxEntries?: number, now?: () => number) {
    this.memo = new TtlMemo<Promise<V>>(ttlMs, maxEntries, now);
  }

  getOrCompute(key: string, compute: () => Promise<V>): Promise<V> {
    const pending = this.memo.getOrCompute(key, compute);
    pending.catch(() => this.memo.forget(key, pending));
    return pending;
  }

  clear(): void {
    this.memo.clear();
  }
}
