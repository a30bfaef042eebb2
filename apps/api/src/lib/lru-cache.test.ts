import { describe, expect, it } from 'vitest';
import { ByteLru, TtlMemo } from './lru-cache';

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
