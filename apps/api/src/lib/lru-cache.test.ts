import { describe, expect, it } from 'vitest';
import { AsyncTtlMemo, ByteLru, TtlMemo } from './lru-cache';

const entry = (bytes: number) => ({ bytes });

describe('ByteLru', () => {
  it('evicts the least recently used entries beyond the byte budget', () => {
    const sut = new ByteLru<{ bytes: number }>(100);
    sut.set('a', entry(40), 1000);
    sut.set('b', entry(40), 1000);
    sut.get('a');
    sut.set('c', entry(40), 1000);
    expect(sut.get('b')).toBeUndefined();
    expect(sut.get('a')).toBeDefined();
    expect(sut.bytes).toBe(80);
  });

  it('expires entries and purges by prefix', () => {
    let now = 0;
    const sut = new ByteLru<{ bytes: number }>(100, () => now);
    sut.set('/api/json/video/1', entry(1), 1000);
    sut.set('/api/json/videos2/1', entry(1), 5000);
    now = 2000;
    expect(sut.get('/api/json/video/1')).toBeUndefined();
    expect(sut.purge(['/api/json/videos2/'])).toBe(1);
    expect(sut.bytes).toBe(0);
  });
});

describe('ByteLru.resize', () => {
  it('counts what a held entry gains, evicting older entries past the budget, and ignores a dropped one', () => {
    const sut = new ByteLru<{ bytes: number }>(100);
    const a = entry(40);
    const b = entry(40);
    sut.set('a', a, 1000);
    sut.set('b', b, 1000);
    sut.resize('b', b, 30);
    expect(sut.bytes).toBe(70);
    expect(sut.holds('a', a)).toBe(false);
    expect(sut.holds('b', b)).toBe(true);
    sut.resize('a', a, 500);
    expect(sut.bytes).toBe(70);
    sut.resize('b', b, -20);
    expect(sut.bytes).toBe(50);
    sut.delete('b');
    expect(sut.bytes).toBe(0);
  });
});

describe('TtlMemo', () => {
  it('computes once per ttl', () => {
    let now = 0;
    let calls = 0;
    const sut = new TtlMemo<number>(100, 10, () => now);
    sut.getOrCompute('k', () => ++calls);
    sut.getOrCompute('k', () => ++calls);
    now = 200;
    sut.getOrCompute('k', () => ++calls);
    expect(calls).toBe(2);
  });
});

describe('AsyncTtlMemo', () => {
  it('shares one count per key until it expires; clear forgets', async () => {
    let now = 0;
    let counted = 0;
    const memo = new AsyncTtlMemo<number>(1000, 5000, () => now);
    const count = async () => ++counted;
    expect(await Promise.all([memo.getOrCompute('a', count), memo.getOrCompute('a', count)])).toEqual([1, 1]);
    expect(await memo.getOrCompute('b', count)).toBe(2);
    now = 999;
    expect(await memo.getOrCompute('a', count)).toBe(1);
    now = 1000;
    expect(await memo.getOrCompute('a', count)).toBe(3);
    memo.clear();
    expect(await memo.getOrCompute('a', count)).toBe(4);
  });

  it('does not remember a count that failed', async () => {
    const memo = new AsyncTtlMemo<number>(60_000);
    await expect(memo.getOrCompute('a', () => Promise.reject(new Error('busy')))).rejects.toThrow('busy');
    expect(await memo.getOrCompute('a', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    let counted = 0;
    const memo = new AsyncTtlMemo<number>(60_000, 2);
    const count = async () => ++counted;
    await memo.getOrCompute('a', count);
    await memo.getOrCompute('b', count);
    await memo.getOrCompute('c', count);
    expect(await memo.getOrCompute('b', count)).toBe(2);
    expect(await memo.getOrCompute('a', count)).toBe(4);
  });
});
