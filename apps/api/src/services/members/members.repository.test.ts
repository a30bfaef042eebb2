import { expect, it } from 'vitest';
import { createMembersRepository, type MemberSearch } from './members.repository';
import { describeOnBothDatabases, insertMember } from './members-test-databases';

const NOW = 1_700_000_000;
const ANY: MemberSearch = { equals: {}, hasAvatar: null, born: null, nameContains: null };

describeOnBothDatabases('the members repository', (data) => {
  const repo = () => createMembersRepository(data());

  it('inserts members, finds them by name in any case and by email, and refuses a taken name', async () => {
    const id = await repo().insert({
      name: 'FilmFan',
      email: 'fan@example.test',
      passwordHash: 'h',
      status: 'unconfirmed',
      createdAt: NOW,
    });
    expect(await repo().byName('filmfan')).toEqual({
      id,
      name: 'FilmFan',
      email: 'fan@example.test',
      password_hash: 'h',
      status: 'unconfirmed',
    });
    expect(await repo().nameTaken('FILMFAN')).toBe(true);
    expect(await repo().nameTaken('FilmFa')).toBe(false);
    expect(await repo().byEmail('fan@example.test')).toEqual({ id, name: 'FilmFan', status: 'unconfirmed' });
    expect(await repo().byEmail('FAN@example.test')).toBeUndefined();
    await expect(
      repo().insert({
        name: 'FilmFan',
        email: 'x@example.test',
        passwordHash: null,
        status: 'active',
        createdAt: NOW,
      }),
    ).rejects.toThrow();
    expect(await repo().account(id)).toEqual({
      id,
      name: 'FilmFan',
      email: 'fan@example.test',
      password_hash: 'h',
    });
  });

  it('activates, marks seen, and sets passwords (a restore also confirms)', async () => {
    const a = await insertMember(data(), { name: 'Ann', status: 'unconfirmed' });
    const b = await insertMember(data(), { name: 'Bob', status: 'suspended' });
    const c = await insertMember(data(), { name: 'Cid', status: 'unconfirmed' });
    await repo().activate(a);
    await repo().activate(b);
    await repo().setLastSeen(a, NOW + 7);
    await repo().setPassword(b, 'hb', { confirm: true });
    await repo().setPassword(c, 'hc', { confirm: true });
    const rows = await data()
      .db.selectFrom('members')
      .select(['id', 'status', 'password_hash', 'last_seen_at'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: a, status: 'active', password_hash: null, last_seen_at: NOW + 7 },
      { id: b, status: 'suspended', password_hash: 'hb', last_seen_at: null },
      { id: c, status: 'active', password_hash: 'hc', last_seen_at: null },
    ]);
    await repo().setPassword(a, 'ha');
    expect(await repo().byName('ann')).toMatchObject({ password_hash: 'ha', status: 'active' });
  });

  it('keeps tokens, uses each once, and changes an email with its token or not at all', async () => {
    const a = await insertMember(data(), { name: 'Ann' });
    await insertMember(data(), { name: 'Bob', email: 'bob@example.test' });
    await repo().insertToken({ hash: 't1', memberId: a, purpose: 'confirm', expiresAt: NOW + 10 });
    expect(await repo().findToken('t1', 'confirm')).toEqual({
      member_id: a,
      expires_at: NOW + 10,
      used_at: null,
      payload: null,
    });
    expect(await repo().findToken('t1', 'restore')).toBeUndefined();
    expect(await repo().useToken('t1', NOW)).toBe(true);
    expect(await repo().useToken('t1', NOW + 1)).toBe(false);
    expect(await repo().findToken('t1', 'confirm')).toMatchObject({ used_at: NOW });

    await repo().insertToken({
      hash: 'e1',
      memberId: a,
      purpose: 'email',
      expiresAt: NOW,
      payload: 'new@x.test',
    });
    await repo().insertToken({
      hash: 'e2',
      memberId: a,
      purpose: 'email',
      expiresAt: NOW,
      payload: 'bob@x.test',
    });
    expect(await repo().changeEmail('e1', a, 'new@x.test', NOW)).toBe(true);
    expect(await repo().changeEmail('e1', a, 'new@x.test', NOW)).toBe(false);
    expect(await repo().account(a)).toMatchObject({ email: 'new@x.test' });
    // Taken meanwhile: neither the address nor the token changes.
    await expect(repo().changeEmail('e2', a, 'bob@example.test', NOW)).rejects.toThrow();
    expect(await repo().account(a)).toMatchObject({ email: 'new@x.test' });
    expect(await repo().findToken('e2', 'email')).toMatchObject({ used_at: null });
  });

  it('reads a profile with its friends count, the friends page and the subscriptions', async () => {
    const db = data().db;
    const a = await insertMember(data(), { name: 'Ann' });
    const b = await insertMember(data(), { name: 'Bob' });
    const c = await insertMember(data(), { name: 'Cid' });
    const gone = await insertMember(data(), { name: 'Dan', status: 'suspended' });
    await db
      .insertInto('friends')
      .values([
        { member_id: a, friend_id: b, status: 'accepted', created_at: NOW },
        { member_id: a, friend_id: c, status: 'accepted', created_at: NOW + 1 },
        { member_id: a, friend_id: gone, status: 'accepted', created_at: NOW + 2 },
        { member_id: b, friend_id: c, status: 'pending', created_at: NOW },
      ])
      .execute();
    expect(await repo().profile(a)).toMatchObject({ id: a, name: 'Ann', friends: 3, status: 'active' });
    expect(await repo().profile(gone)).toBeUndefined();
    expect(await repo().friendCount(a)).toBe(2);
    expect((await repo().friends(a, 10, 0)).map((r) => r.name)).toEqual(['Cid', 'Bob']);
    expect(await repo().friends(a, 1, 1)).toEqual([
      { id: b, name: 'Bob', avatar: null, country: null, birth_date: null, gender: null },
    ]);

    const model = await db
      .insertInto('models')
      .values({ dir: 'm1', title: 'Model', alphabet: 'm', created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const channel = await db
      .insertInto('channels')
      .values({ dir: 'c1', title: 'Channel' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subscriptions')
      .values([
        { member_id: a, section: 'model', object_id: model.id, created_at: NOW + 3 },
        { member_id: a, section: 'member', object_id: b, created_at: NOW + 2 },
        { member_id: a, section: 'member', object_id: gone, created_at: NOW + 1 },
        { member_id: a, section: 'channel', object_id: channel.id, created_at: NOW },
      ])
      .execute();
    const subs = await repo().subscriptions(a);
    expect(subs.map((s) => [s.section, s.model_dir, s.member_name, s.channel_dir])).toEqual([
      ['model', 'm1', null, null],
      ['member', null, 'Bob', null],
      ['member', null, null, null],
      ['channel', null, null, 'c1'],
    ]);
    expect(subs[0]).toMatchObject({ model_title: 'Model', model_videos: 0, model_scr: null });
  });

  it('searches the community list by every filter and sort, names matched literally in any case', async () => {
    const db = data().db;
    const ids: Record<string, number> = {};
    for (const [i, name] of ['zed', 'Amy', 'bo_b', 'boXb', 'Cy%'].entries())
      ids[name] = await insertMember(data(), { name, createdAt: NOW + i });
    await insertMember(data(), { name: 'hidden', status: 'suspended' });
    await db
      .updateTable('members')
      .set({ country: 'de', gender: 2, has_avatar: 1, birth_date: '1990-05-01', subscribers_count: 5 })
      .where('id', '=', ids.Amy!)
      .execute();
    await db
      .updateTable('members')
      .set({ videos_count: 3, birth_date: '1960-01-01' })
      .where('id', '=', ids.zed!)
      .execute();
    const names = async (
      search: Partial<MemberSearch>,
      order = 'recent' as const,
      limit = 10,
      offset = 0,
    ) => {
      const r = await repo().search({ ...ANY, ...search }, order, limit, offset);
      return { total: r.total, names: r.rows.map((m) => m.name) };
    };
    expect(await names({})).toEqual({ total: 5, names: ['Cy%', 'boXb', 'bo_b', 'Amy', 'zed'] });
    expect(await names({}, 'recent', 2, 2)).toEqual({ total: 5, names: ['bo_b', 'Amy'] });
    expect(await names({}, 'recent', 2, 5)).toEqual({ total: 5, names: [] });
    const sorted = async (order: 'alphabet' | 'most-popular' | 'count-videos') =>
      (await repo().search(ANY, order, 10, 0)).rows.map((m) => m.name);
    expect(await sorted('alphabet')).toEqual(['Amy', 'bo_b', 'boXb', 'Cy%', 'zed']);
    expect((await sorted('most-popular'))[0]).toBe('Amy');
    expect((await sorted('count-videos'))[0]).toBe('zed');
    expect(await names({ equals: { country: 'de', gender: 2 } })).toEqual({ total: 1, names: ['Amy'] });
    expect(await names({ equals: { gender: 1 } })).toEqual({ total: 0, names: [] });
    expect((await names({ hasAvatar: true })).names).toEqual(['Amy']);
    expect((await names({ hasAvatar: false })).total).toBe(4);
    expect((await names({ born: { after: '1980-01-01', until: '2000-01-01' } })).names).toEqual(['Amy']);
    expect((await names({ nameContains: 'AM' })).names).toEqual(['Amy']);
    expect((await names({ nameContains: 'o_' })).names).toEqual(['bo_b']);
    expect((await names({ nameContains: '%' })).names).toEqual(['Cy%']);
    expect((await names({ nameContains: '!' })).names).toEqual([]);
  });

  it('updates the profile fields, the privacy and the images', async () => {
    const a = await insertMember(data(), { name: 'Ann' });
    await repo().updateProfile(a, { city: 'Oslo', gender: 2, birth_date: '1990-01-02' });
    await repo().updateProfile(a, {});
    await repo().setPrivateSections(a, 'wall,friends');
    expect(await repo().replaceImage(a, 'avatar', '/thumbs/a1.jpg')).toBeNull();
    expect(await repo().replaceImage(a, 'avatar', '/thumbs/a2.jpg')).toBe('/thumbs/a1.jpg');
    expect(await repo().replaceImage(a, 'cover', '/thumbs/c1.jpg')).toBeNull();
    expect(await repo().avatarOf(a)).toBe('/thumbs/a2.jpg');
    expect(await repo().avatarOf(a + 100)).toBeNull();
    expect(await repo().profile(a)).toMatchObject({
      city: 'Oslo',
      gender: 2,
      birth_date: '1990-01-02',
      private_sections: 'wall,friends',
      avatar: '/thumbs/a2.jpg',
      has_avatar: 1,
      cover: '/thumbs/c1.jpg',
    });
  });
});
