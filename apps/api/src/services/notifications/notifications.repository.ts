import {
  type DataLayer,
  jsonFieldEquals,
  jsonFieldIsNull,
  jsonFieldPlus,
  jsonObject,
  jsonWithField,
  readJson,
} from '@vt/db';
import { sql } from 'kysely';

/** Typed values for JSON fields and select lists (PostgreSQL needs a parameter's type there). */
const text = (v: string) => sql<string>`cast(${v} as text)`;
const integer = (v: number) => sql<number>`cast(${v} as integer)`;

/**
 * All SQL of notifications and their preferences (ADR 0041), on SQLite or PostgreSQL. Parameters are a JSON
 * object (json-fields.ts reads and changes its fields in either dialect). The single-row writes are built
 * as queries (`writes`) and run by the methods below.
 */
export function createNotificationsRepository({ db, dialect }: Pick<DataLayer, 'db' | 'dialect'>) {
  const items = () =>
    db
      .selectFrom('notifications')
      .select(['id', 'kind', 'params', 'created_at as createdAt', 'read_at as readAt'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');
  const parsed = <R extends { params: unknown }>(rows: R[]) =>
    rows.map((r) => ({ ...r, params: readJson(r.params) }));

  /** `to`'s preferences when they muted `group` (a plain name: it is matched with LIKE between commas). */
  const mutedBy = (to: number, group: string) =>
    db
      .selectFrom('notification_prefs as p')
      .select('p.member_id')
      .where('p.member_id', '=', to)
      .where(sql<string>`',' || p.muted || ','`, 'like', `%,${group},%`);

  const writes = {
    /** A row for `memberId`, unconditionally (moderation decisions). */
    insert: (memberId: number, kind: string, params: string, now: number) =>
      db.insertInto('notifications').values({ member_id: memberId, kind, params, created_at: now }),

    /**
     * A row from member `actor` to `to`, with the actor's name added to `params`: none when the actor is not
     * an active member, or when `to` muted `group`.
     */
    insertFromMember: (actor: number, to: number, kind: string, group: string, params: string, now: number) =>
      db
        .insertInto('notifications')
        .columns(['member_id', 'kind', 'params', 'created_at'])
        .expression(
          db
            .selectFrom('members as m')
            .select([
              integer(to).as('member_id'),
              text(kind).as('kind'),
              jsonWithField(
                dialect === 'postgres' ? sql`cast(${params} as jsonb)` : sql`${params}`,
                'name',
                sql.ref('m.name'),
                dialect,
              ).as('params'),
              integer(now).as('created_at'),
            ])
            .where('m.id', '=', actor)
            .where('m.status', '=', 'active')
            .where((eb) => eb.not(eb.exists(mutedBy(to, group)))),
        ),

    /**
     * The unread message line from `from` counts one more and moves to the top (as long as `from` is an
     * active member and `to` has not muted messages).
     */
    collapseMessage: (to: number, from: number, group: string, now: number) =>
      db
        .updateTable('notifications')
        .set({
          params: jsonWithField(
            sql.ref('params'),
            'count',
            jsonFieldPlus(sql.ref('params'), 'count', 1, dialect),
            dialect,
          ),
          created_at: now,
        })
        .where('member_id', '=', to)
        .where('kind', '=', 'message')
        .where('read_at', 'is', null)
        .where(jsonFieldEquals(sql.ref('params'), 'from', from, dialect))
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('members as m')
              .select('m.id')
              .where('m.id', '=', from)
              .where('m.status', '=', 'active'),
          ),
        )
        .where((eb) => eb.not(eb.exists(mutedBy(to, group)))),

    answerFriendRequest: (me: number, from: number, answer: string, now: number) =>
      db
        .updateTable('notifications')
        .set((eb) => ({
          read_at: eb.fn.coalesce('read_at', eb.val(now)),
          params: jsonWithField(sql.ref('params'), 'answer', text(answer), dialect),
        }))
        .where('member_id', '=', me)
        .where('kind', '=', 'friend_request')
        .where(jsonFieldEquals(sql.ref('params'), 'from', from, dialect)),

    withdrawFriendRequest: (from: number, to: number) =>
      db
        .deleteFrom('notifications')
        .where('member_id', '=', to)
        .where('kind', '=', 'friend_request')
        .where(jsonFieldEquals(sql.ref('params'), 'from', from, dialect))
        .where(jsonFieldIsNull(sql.ref('params'), 'answer', dialect)),
  };

  return {
    writes,
    insert: async (...a: Parameters<typeof writes.insert>) => void (await writes.insert(...a).execute()),
    insertFromMember: async (...a: Parameters<typeof writes.insertFromMember>) =>
      Number((await writes.insertFromMember(...a).executeTakeFirst()).numInsertedOrUpdatedRows ?? 0),
    collapseMessage: async (...a: Parameters<typeof writes.collapseMessage>) =>
      Number((await writes.collapseMessage(...a).executeTakeFirst()).numUpdatedRows),
    answerFriendRequest: async (...a: Parameters<typeof writes.answerFriendRequest>) =>
      void (await writes.answerFriendRequest(...a).execute()),
    withdrawFriendRequest: async (...a: Parameters<typeof writes.withdrawFriendRequest>) =>
      void (await writes.withdrawFriendRequest(...a).execute()),

    async count(memberId: number): Promise<number> {
      const r = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    async unread(memberId: number): Promise<number> {
      const r = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** A page of the member's notifications, newest first, params parsed. */
    async page(memberId: number, limit: number, offset: number) {
      return parsed(await items().where('member_id', '=', memberId).limit(limit).offset(offset).execute());
    },

    /** The newest `limit` of the given kinds. */
    async ofKinds(memberId: number, kinds: readonly string[], limit: number) {
      return parsed(
        await items().where('member_id', '=', memberId).where('kind', 'in', kinds).limit(limit).execute(),
      );
    },

    /** Unread, created in (since, until], newest first. */
    async unreadBetween(memberId: number, since: number, until: number, limit: number) {
      return parsed(
        await items()
          .where('member_id', '=', memberId)
          .where('read_at', 'is', null)
          .where('created_at', '>', since)
          .where('created_at', '<=', until)
          .limit(limit)
          .execute(),
      );
    },

    /** Marks the unread ones read (of the given kinds only, when given). */
    async markRead(memberId: number, now: number, kinds?: readonly string[]): Promise<void> {
      let q = db
        .updateTable('notifications')
        .set({ read_at: now })
        .where('member_id', '=', memberId)
        .where('read_at', 'is', null);
      if (kinds) q = q.where('kind', 'in', kinds);
      await q.execute();
    },

    /** Marks one read; false when it is not the member's. */
    async markOne(memberId: number, id: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('notifications')
        .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.val(now)) }))
        .where('id', '=', id)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async prefs(memberId: number) {
      return db
        .selectFrom('notification_prefs')
        .select(['muted', 'digest'])
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    /** Saves the choices; the digest's clock starts at the first save. */
    async savePrefs(p: {
      memberId: number;
      muted: string;
      digest: boolean;
      lang: string;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('notification_prefs')
        .values({
          member_id: p.memberId,
          muted: p.muted,
          digest: p.digest ? 1 : 0,
          lang: p.lang,
          digest_sent_at: p.now,
        })
        .onConflict((oc) =>
          oc.column('member_id').doUpdateSet((eb) => ({
            muted: eb.ref('excluded.muted'),
            digest: eb.ref('excluded.digest'),
            lang: eb.ref('excluded.lang'),
            digest_sent_at: eb.fn.coalesce(
              'notification_prefs.digest_sent_at',
              eb.ref('excluded.digest_sent_at'),
            ),
          })),
        )
        .execute();
    },

    /** Active members opted in to the digest and not mailed since `dayStart`. */
    async digestsDue(dayStart: number) {
      return db
        .selectFrom('notification_prefs as p')
        .innerJoin('members as m', (j) => j.onRef('m.id', '=', 'p.member_id').on('m.status', '=', 'active'))
        .select(['p.member_id as id', 'p.lang', 'p.digest_sent_at as since', 'm.name', 'm.email'])
        .where('p.digest', '=', 1)
        .where((eb) => eb.or([eb('p.digest_sent_at', 'is', null), eb('p.digest_sent_at', '<', dayStart)]))
        .orderBy('p.member_id')
        .execute();
    },

    /** Claims the member's digest for today: false when another worker already did. */
    async stampDigest(memberId: number, now: number, dayStart: number): Promise<boolean> {
      const r = await db
        .updateTable('notification_prefs')
        .set({ digest_sent_at: now })
        .where('member_id', '=', memberId)
        .where((eb) => eb.or([eb('digest_sent_at', 'is', null), eb('digest_sent_at', '<', dayStart)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** A public video and its uploader's name, for the new-video fan-out. */
    async publicVideo(videoId: number) {
      return db
        .selectFrom('videos as v')
        .leftJoin('members as m', 'm.id', 'v.uploader_id')
        .select(['v.id', 'v.title', 'v.dir', 'v.uploader_id', 'v.channel_id', 'm.name as uploader'])
        .where('v.id', '=', videoId)
        .where('v.status_id', '=', 1)
        .where('v.is_private', '=', 0)
        .executeTakeFirst();
    },

    /**
     * One `new_video` row for each active member subscribed to the uploader, a model of the video or its
     * channel, who has not muted new videos and was not told yet; `source` names what they follow (the
     * uploader first, then a model, then the channel). Returns the rows written.
     */
    async fanOutNewVideo(
      v: {
        id: number;
        title: string;
        dir: string;
        uploader_id: number | null;
        channel_id: number | null;
        uploader: string | null;
      },
      now: number,
    ): Promise<number> {
      const source = db
        .selectFrom('subscriptions')
        .select(['member_id', sql<number>`0`.as('prio'), text(v.uploader ?? '').as('label')])
        .where('section', '=', 'member')
        .where('object_id', '=', v.uploader_id)
        .unionAll(
          db
            .selectFrom('subscriptions as s')
            .innerJoin('video_models as vm', (j) =>
              j.onRef('vm.model_id', '=', 's.object_id').on('vm.video_id', '=', v.id),
            )
            .innerJoin('models as mo', 'mo.id', 'vm.model_id')
            .select(['s.member_id', sql<number>`1`.as('prio'), 'mo.title as label'])
            .where('s.section', '=', 'model'),
        )
        .unionAll(
          db
            .selectFrom('subscriptions as s')
            .innerJoin('channels as c', 'c.id', 's.object_id')
            .select(['s.member_id', sql<number>`2`.as('prio'), 'c.title as label'])
            .where('s.section', '=', 'channel')
            .where('s.object_id', '=', v.channel_id),
        );
      const r = await db
        .with('src', () => source)
        .with('ranked', (w) =>
          w
            .selectFrom('src')
            .innerJoin('members as mb', (j) =>
              j.onRef('mb.id', '=', 'src.member_id').on('mb.status', '=', 'active'),
            )
            .leftJoin('notification_prefs as p', 'p.member_id', 'src.member_id')
            .select([
              'src.member_id',
              'src.label',
              sql<number>`row_number() over (partition by src.member_id order by src.prio, src.label)`.as(
                'rn',
              ),
            ])
            .where(
              sql<boolean>`src.member_id is distinct from ${v.uploader_id === null ? null : integer(v.uploader_id)}`,
            )
            .where((eb) =>
              eb.or([
                eb('p.muted', 'is', null),
                eb(sql<string>`',' || p.muted || ','`, 'not like', '%,new_videos,%'),
              ]),
            )
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('notifications as n')
                    .select('n.id')
                    .whereRef('n.member_id', '=', 'src.member_id')
                    .where('n.kind', '=', 'new_video')
                    .where(jsonFieldEquals(sql.ref('n.params'), 'id', v.id, dialect)),
                ),
              ),
            ),
        )
        .insertInto('notifications')
        .columns(['member_id', 'kind', 'params', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('ranked')
            .select([
              'ranked.member_id',
              text('new_video').as('kind'),
              jsonObject(
                {
                  id: integer(v.id),
                  dir: text(v.dir),
                  title: text(v.title),
                  source: sql.ref('ranked.label'),
                },
                dialect,
              ).as('params'),
              integer(now).as('created_at'),
            ])
            .where('ranked.rn', '=', 1),
        )
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0);
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
