import { sqliteDataLayer } from '@vt/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService } from '../../apps/api/src/services/auth/auth.service';
import { createKnownDevices } from '../../apps/api/src/services/auth/known-device';
import type { Mail, Mailer } from '../../apps/api/src/services/auth/mailer';
import { createRateLimits } from '../../apps/api/src/services/limits/rate-limits.service';
import { createMembersRepository } from '../../apps/api/src/services/members/members.repository';
import { systemClock } from '../../apps/api/src/services/shared/clock';
import { createTestApp, type TestApp } from '../integration/helpers/test-app';

/**
 * Issue 17 §12: neither the registration form nor the restore form tells anyone which email addresses
 * have accounts: not by the answer, and not by waiting on mail delivery only for the known ones.
 */
let sut: TestApp;
beforeAll(() => {
  sut = createTestApp({ videos: 5, env: { MAIL_OUTBOX_PUBLIC: '1' } });
});
afterAll(() => sut.close());

const outbox = async () =>
  (await sut.json('/dev/mail.json')).body as { to: string; subject: string; text: string }[];
const members = () => sut.db.$client.prepare('SELECT count(*) FROM members').pluck().get() as number;

describe('registration', () => {
  it('answers a taken email exactly like a new one, and tells the owner by mail instead', async () => {
    await sut.createMember('OwnerFan', 'secret-pass', 'owner@example.test');
    const before = members();

    const fresh = await sut.post('/api/register.php?lang=ru', {
      adult: '1',
      usr: 'FreshFan',
      pwd: 'reels-forever',
      email: 'fresh@example.test',
    });
    const taken = await sut.post('/api/register.php?lang=ru', {
      adult: '1',
      usr: 'CopyFan',
      pwd: 'reels-forever',
      email: 'Owner@Example.test',
    });
    expect(taken.res.status).toBe(fresh.res.status);
    expect(taken.body).toEqual(fresh.body);
    expect(taken.body).toEqual({ ok: true, confirm: true });
    // Only the fresh address got an account.
    expect(members()).toBe(before + 1);
    expect(sut.db.$client.prepare("SELECT 1 FROM members WHERE name = 'CopyFan'").get()).toBeUndefined();

    const mails = await outbox();
    const notice = mails.find((m) => m.to === 'owner@example.test')!;
    // In the visitor's language, with a way back in (restore) and no confirmation link.
    expect(notice.subject).toMatch(/[а-яё]/i);
    expect(notice.text).toContain('OwnerFan');
    expect(notice.text).toContain('/restore/');
    expect(notice.text).not.toContain('/confirm/');
    expect(mails.find((m) => m.to === 'fresh@example.test')!.text).toContain('/confirm/?token=');
  });

  it('still reports a taken username (names are public on profiles)', async () => {
    await sut.createMember('PublicName');
    const { res, body } = await sut.post('/api/register.php', {
      adult: '1',
      usr: 'publicname',
      pwd: 'reels-forever',
      email: 'someone-new@example.test',
    });
    expect(res.status).toBe(409);
    expect(body).toMatchObject({ code: 'username_taken', field: 'usr' });
  });
});

describe('password restore', () => {
  it('answers a known and an unknown address the same', async () => {
    await sut.createMember('RestoreFan', 'secret-pass', 'restore-fan@example.test');
    const known = await sut.post('/api/restore.php', { email: 'restore-fan@example.test' });
    const unknown = await sut.post('/api/restore.php', { email: 'no-such-fan@example.test' });
    expect(known.res.status).toBe(200);
    expect(unknown.res.status).toBe(known.res.status);
    expect(unknown.body).toEqual(known.body);
    const mails = await outbox();
    expect(mails.some((m) => m.to === 'restore-fan@example.test')).toBe(true);
    expect(mails.some((m) => m.to === 'no-such-fan@example.test')).toBe(false);
  });

  it('never waits for mail delivery, so the answer time does not depend on the address', async () => {
    // A mail server that never answers: a path that waited on it would never answer either.
    const queued: Mail[] = [];
    const stalled: Mailer = {
      send: () => new Promise<void>(() => {}),
      queue: (m) => queued.push(m),
      outbox: null,
    };
    const sqlite = sut.db.$client;
    const auth = createAuthService({
      members: createMembersRepository(sqliteDataLayer(sqlite)),
      clock: systemClock,
      sessions: sut.services.sessions,
      mailer: stalled,
      origin: sut.config.publicOrigin,
      limits: createRateLimits({ data: sqliteDataLayer(sqlite) }),
      devices: createKnownDevices({ secret: 'x'.repeat(32), clock: systemClock }),
    });
    await sut.createMember('SlowMailFan', 'secret-pass', 'slow-mail@example.test');

    await auth.requestRestore({ email: 'slow-mail@example.test', lang: 'en', ip: '192.0.2.1' });
    await auth.requestRestore({ email: 'nobody-at-all@example.test', lang: 'en', ip: '192.0.2.1' });
    expect(queued.map((m) => m.to)).toEqual(['slow-mail@example.test']);

    await auth.register({
      adult: true,
      usr: 'SlowNewFan',
      pwd: 'reels-forever',
      email: 'slow-new@example.test',
      lang: 'en',
      ip: '192.0.2.1',
    });
    await auth.register({
      adult: true,
      usr: 'SlowCopyFan',
      pwd: 'reels-forever',
      email: 'slow-mail@example.test',
      lang: 'en',
      ip: '192.0.2.1',
    });
    expect(queued.map((m) => m.to)).toEqual([
      'slow-mail@example.test',
      'slow-new@example.test',
      'slow-mail@example.test',
    ]);
  });
});
