import type { DataLayer } from '@vt/db';
import { contractTargets } from '@vt/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CacheEpochRepository, createCacheEpochRepository } from './cache-epoch.repository';
import { createPublicCaches } from './public-caches';

describe.each(contractTargets())('the cache epoch on $name', (target) => {
  let layer: DataLayer;
  let close: () => Promise<void>;
  let repo: CacheEpochRepository;

  beforeEach(async (ctx) => {
    if (target.skip) ctx.skip();
    ({ layer, close } = await target.open());
    repo = createCacheEpochRepository(layer);
  });
  afterEach(async () => {
    await close?.();
  });

  it('reads the epoch, and a bump moves it on by one', async () => {
    const start = await repo.read();
    expect(await repo.bump()).toBe(start + 1);
    expect(await repo.bump()).toBe(start + 2);
    expect(await repo.read()).toBe(start + 2);
  });

  it('without a row, reads 0 and the first bump creates it at 1', async () => {
    await layer.db.deleteFrom('cache_epoch').execute();
    expect(await repo.read()).toBe(0);
    expect(await repo.bump()).toBe(1);
    expect(await repo.read()).toBe(1);
  });

  it("a purge on one node empties another node's caches at its next sync, and only then", async () => {
    const emptied = { a: 0, b: 0 };
    const a = createPublicCaches({ repo: createCacheEpochRepository(layer) });
    const b = createPublicCaches({ repo: createCacheEpochRepository(layer) });
    a.register(() => emptied.a++);
    b.register(() => emptied.b++);
    await Promise.all([a.sync(), b.sync()]);
    const before = { ...emptied };
    await b.sync();
    expect(emptied.b).toBe(before.b);
    await a.purge();
    expect(emptied.a).toBeGreaterThan(before.a);
    // Requests arriving together share reads, and every one of them sees the purge.
    await Promise.all([b.sync(), b.sync(), b.sync()]);
    expect(emptied.b).toBe(before.b + 1);
    const afterA = emptied.a;
    await a.sync();
    expect(emptied.a).toBe(afterA);
  });
});
