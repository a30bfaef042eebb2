import { expect, it } from 'vitest';
import { describeOnBothDatabases, insertMember } from '../members/members-test-databases';
import { createSessionService, SESSION_TTL } from './session.service';
import { createSessionsRepository } from './sessions.repository';
import { hashToken } from './tokens';

describeOnBothDatabases('sessions', (data) => {
  let now = 1_700_000_000;
  const service = () => {
    now = 1_700_000_000;
    return createSessionService({ repo: createSessionsRepository(data()), clock: { now: () => now } });
  };

  it('validates a token, slides its expiry in the last half, and ends it when it lapses', async () => {
    const sessions = service();
    const ann = await insertMember(data(), { name: 'Ann' });
    const { token, expiresAt } = await sessions.create(ann, 'x'.repeat(400));
    expect(expiresAt).toBe(now + SESSION_TTL);
    expect(await sessions.validate(token)).toEqual({
      member: { id: ann, name: 'Ann', role: 'member' },
      expiresAt,
      renewed: false,
    });
    expect(await sessions.validate(`${token}x`)).toBeNull();
    now += 20 * 86_400;
    expect(await sessions.validate(token)).toMatchObject({ expiresAt: now + SESSION_TTL, renewed: true });
    now += SESSION_TTL;
    expect(await sessions.validate(token)).toBeNull();
    const left = await data().db.selectFrom('sessions').select('id').execute();
    expect(left).toEqual([]);
  });

  it('lists, revokes by key and signs out the others, everywhere or the expired', async () => {
    const sessions = service();
    const ann = await insertMember(data(), { name: 'Ann' });
    const bob = await insertMember(data(), { name: 'Bob' });
    const here = await sessions.create(ann, 'here');
    const there = await sessions.create(ann, 'there');
    const third = await sessions.create(ann, 'third');
    const bobs = await sessions.create(bob, 'bob');
    const listed = await sessions.list(ann, here.token);
    expect(listed.map((s) => [s.userAgent, s.current])).toEqual(
      expect.arrayContaining([
        ['here', true],
        ['there', false],
        ['third', false],
      ]),
    );
    const key = hashToken(there.token).slice(0, 16);
    expect(listed.find((s) => s.userAgent === 'there')?.key).toBe(key);
    expect(await sessions.revoke(bob, key, bobs.token)).toBe(false);
    expect(await sessions.revoke(ann, hashToken(here.token).slice(0, 16), here.token)).toBe(false);
    expect(await sessions.revoke(ann, key, here.token)).toBe(true);
    expect(await sessions.validate(there.token)).toBeNull();
    expect(await sessions.invalidateOthers(ann, here.token)).toBe(1);
    expect(await sessions.validate(third.token)).toBeNull();
    expect(await sessions.validate(here.token)).not.toBeNull();
    await sessions.invalidate(here.token);
    expect(await sessions.validate(here.token)).toBeNull();
    await sessions.invalidateAll(bob);
    expect(await sessions.validate(bobs.token)).toBeNull();
    await sessions.create(ann, null);
    now += SESSION_TTL;
    expect(await sessions.purgeExpired()).toBe(1);
  });
});
