import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDb, openDb, sqliteDataLayer } from '@vt/db';
import { afterAll, describe, expect, it } from 'vitest';
import { createCaptchaRepository } from '../../apps/api/src/services/auth/captcha.repository';
import { createCaptcha } from '../../apps/api/src/services/auth/captcha.service';
import { solveToToken } from './helpers/captcha-token';

const dir = mkdtempSync(join(tmpdir(), 'captcha-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two API nodes: two processes' connections to one database, each with its own captcha service. */
async function node(now: () => number) {
  const db = openDb(join(dir, 'site.db'));
  await migrateDb(db);
  return createCaptcha({
    secret: 's'.repeat(32),
    cost: 10,
    clock: { now },
    repo: createCaptchaRepository(sqliteDataLayer(db.$client)),
  });
}

const solved = async (captcha: ReturnType<typeof createCaptcha>) => solveToToken(await captcha.challenge());

describe('captcha spent markers', () => {
  it('a token spent on one node is refused on another', async () => {
    const now = () => Math.floor(Date.now() / 1000);
    const a = await node(now);
    const b = await node(now);
    const token = await solved(a);
    await a.spend(token);
    await expect(b.spend(token)).rejects.toMatchObject({ code: 'captcha_used' });
    await expect(a.spend(token)).rejects.toMatchObject({ code: 'captcha_used' });
  });

  it('of two racing submissions of one token, exactly one passes', async () => {
    const now = () => Math.floor(Date.now() / 1000);
    const a = await node(now);
    const b = await node(now);
    const token = await solved(a);
    const results = await Promise.allSettled([a.spend(token), b.spend(token)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('forgets markers of expired challenges', async () => {
    let t = Math.floor(Date.now() / 1000);
    const a = await node(() => t);
    await a.spend(await solved(a));
    const db = openDb(join(dir, 'site.db'));
    const count = () => db.$client.prepare('SELECT count(*) FROM captcha_spent').pluck().get() as number;
    expect(count()).toBeGreaterThan(1);
    t += 3 * 3600;
    // The next spend, three hours on, deletes every marker of an expired challenge and keeps its own.
    await a.spend(await solved(a));
    expect(count()).toBe(1);
  });
});
