import type { Database, DataLayer, MembersTable, MemberTokensTable } from '@vt/db';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';

type MemberStatus = 'unconfirmed' | 'active' | 'suspended';
type TokenPurpose = MemberTokensTable['purpose'];
/** Profile columns a member may edit on their own (the service checks the values). */
export type ProfileFields = Pick<
  Updateable<MembersTable>,
  | 'education'
  | 'city'
  | 'occupation'
  | 'interests'
  | 'about'
  | 'gender'
  | 'relationship'
  | 'orientation'
  | 'country'
  | 'website'
  | 'birth_date'
>;

/** The community list's filters, in column terms; null or absent means any. */
export interface MemberSearch {
  equals: Partial<Record<'country' | 'gender' | 'relationship' | 'orientation', string | number>>;
  hasAvatar: boolean | null;
  /** Born after `after` and on or before `until` (ISO dates). */
  born: { after: string; until: string } | null;
  /** A part of the name, any case. */
  nameContains: string | null;
}

export type MemberOrder = 'recent' | 'most-popular' | 'alphabet' | 'count-videos';

const THUMB = ['m.id', 'm.name', 'm.avatar', 'm.country', 'm.birth_date', 'm.gender'] as const;

/** A name equal to `name` in any case (ASCII), the same on both databases. */
const sameName = (eb: ExpressionBuilder<Database, 'members'>, name: string): Expression<SqlBool> =>
  eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)]));

/** `%`, `_` and the escape character itself, taken literally in a LIKE pattern escaped by `!`. */
const likeLiteral = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** Marks an unused token used, on the connection or in a transaction; false when it was used already. */
async function markUsed(db: Kysely<Database>, hash: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('member_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * All SQL of the members and member_tokens tables (ADR 0041), on SQLite or PostgreSQL, and the reads of the
 * member pages that join other tables (friends, subscriptions). Writes are single statements, but for the
 * email change, which is a transaction.
 */
export function createMembersRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  return {
    /** The member of this name in any case, for signing in and for registering a name once. */
    byName(name: string) {
      return db
        .selectFrom('members')
        .select(['id', 'name', 'email', 'password_hash', 'status'])
        .where((eb) => sameName(eb, name))
        .executeTakeFirst();
    },

    async nameTaken(name: string): Promise<boolean> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where((eb) => sameName(eb, name))
        .executeTakeFirst();
      return row !== undefined;
    },

    byEmail(email: string) {
      return db
        .selectFrom('members')
        .select(['id', 'name', 'status'])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    /** The account columns of a member (any status). */
    account(id: number) {
      return db
        .selectFrom('members')
        .select(['id', 'name', 'email', 'password_hash'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** A new member's id; throws when the name or email is taken (unique columns). */
    async insert(m: {
      name: string;
      email: string;
      passwordHash: string | null;
      status: MemberStatus;
      createdAt: number;
    }): Promise<number> {
      const row = await db
        .insertInto('members')
        .values({
          name: m.name,
          email: m.email,
          password_hash: m.passwordHash,
          status: m.status,
          created_at: m.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Activates an unconfirmed member (nothing else changes status this way). */
    async activate(id: number): Promise<void> {
      await db
        .updateTable('members')
        .set({ status: 'active' })
        .where('id', '=', id)
        .where('status', '=', 'unconfirmed')
        .execute();
    },

    async setLastSeen(id: number, now: number): Promise<void> {
      await db.updateTable('members').set({ last_seen_at: now }).where('id', '=', id).execute();
    },

    /** A new password; with `confirm`, an unconfirmed account becomes active too (a mailed link proved it). */
    async setPassword(id: number, hash: string, { confirm = false } = {}): Promise<void> {
      await db
        .updateTable('members')
        .set((eb) => ({
          password_hash: hash,
          ...(confirm
            ? {
                status: eb
                  .case()
                  .when('status', '=', 'unconfirmed')
                  .then(eb.val<MemberStatus>('active'))
                  .else(eb.ref('status'))
                  .end(),
              }
            : {}),
        }))
        .where('id', '=', id)
        .execute();
    },

    async insertToken(t: {
      hash: string;
      memberId: number;
      purpose: TokenPurpose;
      expiresAt: number;
      payload?: string | null;
    }): Promise<void> {
      await db
        .insertInto('member_tokens')
        .values({
          token_hash: t.hash,
          member_id: t.memberId,
          purpose: t.purpose,
          expires_at: t.expiresAt,
          payload: t.payload ?? null,
        })
        .execute();
    },

    findToken(hash: string, purpose: TokenPurpose) {
      return db
        .selectFrom('member_tokens')
        .select(['member_id', 'expires_at', 'used_at', 'payload'])
        .where('token_hash', '=', hash)
        .where('purpose', '=', purpose)
        .executeTakeFirst();
    },

    /** Marks an unused token used; false when it was used already (two redemptions at once: one wins). */
    useToken: (hash: string, now: number): Promise<boolean> => markUsed(db, hash, now),

    /**
     * Uses an email-change token and sets the member's address, both or neither. False when the token was
     * used already; throws when the address is taken.
     */
    changeEmail(hash: string, memberId: number, email: string, now: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (!(await markUsed(trx, hash, now))) return false;
        await trx.updateTable('members').set({ email }).where('id', '=', memberId).execute();
        return true;
      });
    },

    async avatarOf(id: number): Promise<string | null> {
      const row = await db.selectFrom('members').select('avatar').where('id', '=', id).executeTakeFirst();
      return row?.avatar ?? null;
    },

    /** An active member's whole row and their accepted friends' count. */
    profile(id: number) {
      return db
        .selectFrom('members as m')
        .selectAll('m')
        .select((eb) =>
          eb
            .selectFrom('friends as f')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('f.member_id', '=', 'm.id')
            .where('f.status', '=', 'accepted')
            .as('friends'),
        )
        .where('m.id', '=', id)
        .where('m.status', '=', 'active')
        .executeTakeFirst();
    },

    async friendCount(memberId: number): Promise<number> {
      const row = await db
        .selectFrom('friends as f')
        .innerJoin('members as m', 'm.id', 'f.friend_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('f.member_id', '=', memberId)
        .where('f.status', '=', 'accepted')
        .where('m.status', '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of the member's accepted, active friends, newest friendship first. */
    friends(memberId: number, limit: number, offset: number) {
      return db
        .selectFrom('friends as f')
        .innerJoin('members as m', 'm.id', 'f.friend_id')
        .select(THUMB)
        .where('f.member_id', '=', memberId)
        .where('f.status', '=', 'accepted')
        .where('m.status', '=', 'active')
        .orderBy('f.created_at', 'desc')
        .orderBy('m.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    /** Everything the member subscribes to with its target's columns (null when the target is gone). */
    subscriptions(memberId: number) {
      return db
        .selectFrom('subscriptions as s')
        .leftJoin('models as mo', (j) => j.on('s.section', '=', 'model').onRef('mo.id', '=', 's.object_id'))
        .leftJoin('members as me', (j) =>
          j.on('s.section', '=', 'member').onRef('me.id', '=', 's.object_id').on('me.status', '=', 'active'),
        )
        .leftJoin('channels as ch', (j) =>
          j.on('s.section', '=', 'channel').onRef('ch.id', '=', 's.object_id'),
        )
        .select([
          's.section',
          's.object_id',
          'mo.dir as model_dir',
          'mo.title as model_title',
          'mo.scr as model_scr',
          'mo.videos_count as model_videos',
          'me.name as member_name',
          'me.avatar as member_avatar',
          'me.videos_count as member_videos',
          'ch.dir as channel_dir',
          'ch.title as channel_title',
          'ch.videos_count as channel_videos',
        ])
        .where('s.member_id', '=', memberId)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.section')
        .orderBy('s.object_id')
        .execute();
    },

    /** The community list: how many active members match `search`, and a page of them. */
    async search(search: MemberSearch, order: MemberOrder, limit: number, offset: number) {
      const base = db.selectFrom('members as m').where((eb) => {
        const and: Expression<SqlBool>[] = [eb('m.status', '=', 'active')];
        for (const [key, value] of Object.entries(search.equals))
          and.push(eb(`m.${key as keyof MemberSearch['equals']}`, '=', value));
        if (search.hasAvatar !== null) and.push(eb('m.has_avatar', '=', search.hasAvatar ? 1 : 0));
        if (search.born)
          and.push(eb('m.birth_date', '>', search.born.after), eb('m.birth_date', '<=', search.born.until));
        if (search.nameContains)
          and.push(
            sql<SqlBool>`lower(m.name) like ${`%${likeLiteral(search.nameContains.toLowerCase())}%`} escape '!'`,
          );
        return eb.and(and);
      });
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const total = Number(n);
      if (offset >= total) return { total, rows: [] };
      let page = base.select(THUMB);
      if (order === 'recent') page = page.orderBy('m.created_at', 'desc');
      else if (order === 'most-popular') page = page.orderBy('m.subscribers_count', 'desc');
      else if (order === 'count-videos') page = page.orderBy('m.videos_count', 'desc');
      else page = page.orderBy((eb) => eb.fn('lower', ['m.name']));
      const rows = await page
        .orderBy('m.id', order === 'alphabet' ? 'asc' : 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { total, rows };
    },

    async updateProfile(id: number, fields: ProfileFields): Promise<void> {
      if (Object.keys(fields).length === 0) return;
      await db.updateTable('members').set(fields).where('id', '=', id).execute();
    },

    async setPrivateSections(id: number, sections: string): Promise<void> {
      await db.updateTable('members').set({ private_sections: sections }).where('id', '=', id).execute();
    },

    /** Sets the avatar or cover image; returns the one it replaced. */
    async replaceImage(id: number, kind: 'avatar' | 'cover', url: string): Promise<string | null> {
      const before = await db.selectFrom('members').select(kind).where('id', '=', id).executeTakeFirst();
      await db
        .updateTable('members')
        .set(kind === 'avatar' ? { avatar: url, has_avatar: 1 } : { cover: url })
        .where('id', '=', id)
        .execute();
      return before?.[kind] ?? null;
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
