import type { DataLayer } from '@vt/db';
import { contractTargets } from '@vt/db/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CaptchaRepository, createCaptchaRepository } from './captcha.repository';

const NOW = 1_700_000_000;

describe.each(contractTargets())('the captcha repository on $name', (target) => {
  let layer: DataLayer;
  let close: () => Promise<void>;
  let repo: CaptchaRepository;

  beforeEach(async (ctx) => {
    if (target.skip) ctx.skip();
    ({ layer, close } = await target.open());
    repo = createCaptchaRepository(layer);
  });
  afterEach(async () => {
    await close?.();
  });

  const signatures = async () =>
    (await layer.db.selectFrom('captcha_spent').select('signature').orderBy('signature').execute()).map(
      (r) => r.signature,
    );

  it('marks a signature spent once: the second mark reports it was already spent', async () => {
    expect(await repo.markSpent('sig-a', NOW + 60)).toBe(true);
    expect(await repo.markSpent('sig-a', NOW + 60)).toBe(false);
    expect(await repo.markSpent('sig-b', NOW + 60)).toBe(true);
    expect(await signatures()).toEqual(['sig-a', 'sig-b']);
  });

  it('of two racing marks of one signature, exactly one wins', async () => {
    const results = await Promise.all([repo.markSpent('sig', NOW), repo.markSpent('sig', NOW)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('purges the markers whose challenge expired before now, keeping the others', async () => {
    await repo.markSpent('old', NOW - 1);
    await repo.markSpent('edge', NOW);
    await repo.markSpent('new', NOW + 1);
    await repo.purgeExpired(NOW);
    expect(await signatures()).toEqual(['edge', 'new']);
  });
});
