import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import { createRateLimits } from './rate-limits.service';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Two connections to one database file: what two API processes on the same site have. */
function twoProcesses() {
  const dir = mkdtempSync(join(tmpdir(), 'vt-limits-'));
  dirs.push(dir);
  const open = () => {
    const db = new Database(join(dir, 'site.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    return db;
  };
  return [createRateLimits({ sqlite: open() }), createRateLimits({ sqlite: open() })] as const;
}

describe('rate limits', () => {
  it('share one count between processes on the same database', async () => {
    const [a, b] = twoProcesses();
    const { points } = LIMITS.wallPost;
    for (let i = 0; i < points; i++) await (i % 2 ? a : b).hit(['wallPost', 7]);
    await expect(a.hit(['wallPost', 7])).rejects.toMatchObject({ code: 'too_many_requests', status: 429 });
    await expect(b.hit(['wallPost', 7])).rejects.toMatchObject({ code: 'too_many_requests' });
    // Another member's allowance is untouched.
    await expect(b.hit(['wallPost', 8])).resolves.toBeUndefined();
  });

  it('count sign-in failures across processes, and forget them on reset', async () => {
    const [a, b] = twoProcesses();
    const attemptsA = a.attempts('loginNameAddress');
    const attemptsB = b.attempts('loginNameAddress');
    for (let i = 0; i < LIMITS.loginNameAddress.points; i++) await attemptsA.fail('fan|1.2.3.4');
    expect(await attemptsB.isLocked('fan|1.2.3.4')).toBe(true);
    expect(await attemptsB.isLocked('fan|5.6.7.8')).toBe(false);
    await attemptsB.reset('fan|1.2.3.4');
    expect(await attemptsA.isLocked('fan|1.2.3.4')).toBe(false);
  });

  it('counts a view once per visitor, and caps the visitors one address adds', async () => {
    const [a, b] = twoProcesses();
    expect(await a.firstView('v1', 'ip', 'ip|cookie-1')).toBe(true);
    expect(await a.firstView('v1', 'ip', 'ip|cookie-1')).toBe(false);
    expect(await b.firstView('v1', 'ip', 'ip|cookie-1')).toBe(false);
    expect(await b.firstView('v2', 'ip', 'ip|cookie-1')).toBe(true);
    let counted = 1;
    for (let i = 2; i <= 50; i++) if (await a.firstView('v1', 'ip', `ip|cookie-${i}`)) counted++;
    expect(counted).toBe(20);
  });

  it('scales every allowance with the factor, and turns limits off at 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vt-limits-'));
    dirs.push(dir);
    const doubled = createRateLimits({ sqlite: new Database(join(dir, 'a.db')), factor: 2 });
    for (let i = 0; i < 2 * LIMITS.register.points; i++) await doubled.hit(['register', 'ip']);
    await expect(doubled.hit(['register', 'ip'])).rejects.toMatchObject({ code: 'too_many_requests' });
    const off = createRateLimits({ sqlite: new Database(join(dir, 'b.db')), factor: 0 });
    for (let i = 0; i < 3 * LIMITS.register.points; i++) await off.hit(['register', 'ip']);
    expect(await off.attempts('loginAddress').isLocked('ip')).toBe(false);
  });
});
