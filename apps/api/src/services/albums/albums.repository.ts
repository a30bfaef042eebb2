import type { AlbumsTable, Database, DataLayer } from '@vt/db';
import type { AlbumSort, Gender } from '@vt/rules';
import type { Insertable, Kysely } from 'kysely';

/** status_id of albums, as for videos: listed, waiting for a moderator, rejected; 5 is deleted. */
export const ALBUM_LISTED = 1;
export const ALBUM_PENDING = 2;
/** The states an owner still sees and edits: all but deleted. */
const OWNED_STATES = [1, 2, 4];

/**
 * Each sort is exactly the order of its partial index `albums_*_idx (gender, column) WHERE status_id = 1
 * AND is_private = 0`: `column DESC, id DESC` walks the index backwards with no sort step.
 */
const ORDER_COLUMN = {
  'latest-updates': 'post_date',
  'most-viewed': 'album_viewed',
  'top-rated': 'rating',
  'most-commented': 'comments_count',
} as const satisfies Record<AlbumSort, string>;

/**
 * An album's rows and what hangs on it without a foreign key (comments, votes), inside the caller's Kysely
 * transaction (`trx`): the owner's deletion (AlbumsRepository.delete) and an account's deletion, which takes
 * the member's albums with it.
 */
export async function deleteAlbumRows(trx: Kysely<Database>, albumIds: readonly number[]): Promise<void> {
  if (!albumIds.length) return;
  await trx
    .deleteFrom('comments')
    .where('section', '=', 'album')
    .where('object_id', 'in', albumIds)
    .execute();
  await trx.deleteFrom('votes').where('section', '=', 'album').where('object_id', 'in', albumIds).execute();
  await trx.deleteFrom('albums').where('id', 'in', albumIds).execute();
}

/**
 * Which listed albums a listing shows: those of an orientation, of one category, model or uploader.
 * A category or model id of null is one that does not exist: the listing is empty.
 */
export interface AlbumFilter {
  gender: Gender;
  categoryId?: number | null;
  modelId?: number | null;
  uploaderId?: number;
}

const THUMB_COLUMNS = [
  'id',
  'dir',
  'title',
  'scr',
  'photos_amount',
  'album_viewed',
  'rating',
  'post_date',
  'status_id',
  'is_private',
] as const;

/** The next position at the end of an album (1 for an empty one). */
async function nextPosition(db: Kysely<Database>, albumId: number): Promise<number> {
  const r = await db
    .selectFrom('photos')
    .select((eb) => eb.fn.max('position').as('n'))
    .where('album_id', '=', albumId)
    .executeTakeFirst();
  return Number(r?.n ?? 0) + 1;
}

/** Back to the moderation queue: a listed or rejected album waits for a moderator again. */
const backToQueue = (db: Kysely<Database>, albumId: number) =>
  db
    .updateTable('albums')
    .set({ status_id: ALBUM_PENDING, reject_reason: null })
    .where('id', '=', albumId)
    .where('status_id', 'in', [ALBUM_LISTED, 4])
    .execute();

/**
 * All SQL of the albums, photos, album_categories and album_models tables (ADR 0041), on SQLite or
 * PostgreSQL; multi-statement writes are transactions.
 */
export function createAlbumsRepository({ db }: Pick<DataLayer, 'db' | 'dialect'>) {
  const listed = (f: AlbumFilter) => {
    let q = db
      .selectFrom('albums')
      .where('status_id', '=', ALBUM_LISTED)
      .where('is_private', '=', 0)
      .where('gender', '=', f.gender);
    // IN (subquery) lets the planner either probe the join table while walking the sort index (large
    // sets) or start from the join table and sort the few rows (small sets).
    if (f.categoryId !== undefined)
      q = q.where('id', 'in', (eb) =>
        eb
          .selectFrom('album_categories')
          .select('album_id')
          .where('category_id', '=', f.categoryId ?? -1),
      );
    if (f.modelId !== undefined)
      q = q.where('id', 'in', (eb) =>
        eb
          .selectFrom('album_models')
          .select('album_id')
          .where('model_id', '=', f.modelId ?? -1),
      );
    if (f.uploaderId !== undefined) q = q.where('uploader_id', '=', f.uploaderId);
    return q;
  };

  return {
    /** The id of a category or model by its dir, for a listing's filter; null when there is none. */
    async sectionId(table: 'categories' | 'models', dir: string): Promise<number | null> {
      const r = await db.selectFrom(table).select('id').where('dir', '=', dir).executeTakeFirst();
      return r?.id ?? null;
    },

    async count(f: AlbumFilter): Promise<number> {
      const r = await listed(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },

    /** One page of ids (a walk of the covering index); their rows come from `thumbs`. */
    async pageIds(f: AlbumFilter, sort: AlbumSort, limit: number, offset: number): Promise<number[]> {
      const rows = await listed(f)
        .select('id')
        .orderBy(ORDER_COLUMN[sort], 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => r.id);
    },

    /** The listing rows of these albums, in the order of the ids given (missing ones left out). */
    async thumbs(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('albums').select(THUMB_COLUMNS).where('id', 'in', ids).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    detail(id: number) {
      return db
        .selectFrom('albums')
        .select([...THUMB_COLUMNS, 'description', 'likes', 'dislikes', 'comments_count', 'uploader_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    uploader(memberId: number) {
      return db
        .selectFrom('members')
        .select(['id', 'name', 'avatar'])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    /** The album's photos in their order. */
    photos(albumId: number) {
      return db
        .selectFrom('photos')
        .select(['id', 'path', 'width', 'height', 'position'])
        .where('album_id', '=', albumId)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    photo(albumId: number, photoId: number) {
      return db
        .selectFrom('photos')
        .select(['id', 'path', 'position'])
        .where('id', '=', photoId)
        .where('album_id', '=', albumId)
        .executeTakeFirst();
    },

    /** The album's categories, titled in `lang` (else English, else the dir), the biggest first. */
    categories(albumId: number, lang: string) {
      return db
        .selectFrom('album_categories as ac')
        .innerJoin('categories as c', 'c.id', 'ac.category_id')
        .leftJoin('category_titles as t', (j) =>
          j.onRef('t.category_id', '=', 'c.id').on('t.lang', '=', lang),
        )
        .leftJoin('category_titles as en', (j) =>
          j.onRef('en.category_id', '=', 'c.id').on('en.lang', '=', 'en'),
        )
        .select((eb) => ['c.dir', eb.fn.coalesce('t.title', 'en.title', 'c.dir').as('title')])
        .where('ac.album_id', '=', albumId)
        .orderBy('c.total_albums', 'desc')
        .orderBy('c.id')
        .execute();
    },

    models(albumId: number) {
      return db
        .selectFrom('album_models as am')
        .innerJoin('models as m', 'm.id', 'am.model_id')
        .select(['m.dir', 'm.title'])
        .where('am.album_id', '=', albumId)
        .orderBy('m.title')
        .execute();
    },

    /** The member's album in any state but deleted; undefined for anyone else's. */
    owned(memberId: number, albumId: number) {
      return db
        .selectFrom('albums')
        .select(['id', 'dir', 'title', 'description', 'status_id', 'scr', 'photos_amount'])
        .where('id', '=', albumId)
        .where('uploader_id', '=', memberId)
        .where('status_id', 'in', OWNED_STATES)
        .executeTakeFirst();
    },

    /** Every album of the member's but deleted ones, newest first (at most 200). */
    ownedList(memberId: number) {
      return db
        .selectFrom('albums')
        .select(['id', 'title', 'status_id', 'photos_amount'])
        .where('uploader_id', '=', memberId)
        .where('status_id', 'in', OWNED_STATES)
        .orderBy('added_at', 'desc')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
    },

    /** A new, pending album in up to the given categories (unknown dirs are skipped). */
    create(
      album: Pick<
        Insertable<AlbumsTable>,
        'dir' | 'title' | 'description' | 'uploader_id' | 'post_date' | 'added_at'
      >,
      categoryDirs: string[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('albums')
          .values({ ...album, status_id: ALBUM_PENDING })
          .returning('id')
          .executeTakeFirstOrThrow();
        const categories = categoryDirs.length
          ? await trx.selectFrom('categories').select('id').where('dir', 'in', categoryDirs).execute()
          : [];
        if (categories.length)
          await trx
            .insertInto('album_categories')
            .values(categories.map((c) => ({ album_id: id, category_id: c.id })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        return id;
      });
    },

    /**
     * A photo at the end of the album; the album counts it, takes `scr` as its cover when given and goes
     * back to the moderation queue. Returns the photo's id.
     */
    addPhoto(p: {
      albumId: number;
      path: string;
      width: number;
      height: number;
      scr: string | null;
      now: number;
    }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('photos')
          .values({
            album_id: p.albumId,
            position: await nextPosition(trx, p.albumId),
            path: p.path,
            width: p.width,
            height: p.height,
            created_at: p.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('albums')
          .set((eb) => ({
            photos_amount: eb('photos_amount', '+', 1),
            scr: eb.fn.coalesce(eb.val(p.scr), 'scr'),
            status_id: ALBUM_PENDING,
            reject_reason: null,
          }))
          .where('id', '=', p.albumId)
          .execute();
        return id;
      });
    },

    /** A new title and description; a listed or rejected album goes back to the moderation queue. */
    async retitle(albumId: number, title: string, description: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('albums').set({ title, description }).where('id', '=', albumId).execute();
        await backToQueue(trx, albumId);
      });
    },

    async backToQueue(albumId: number): Promise<void> {
      await backToQueue(db, albumId);
    },

    async setCover(albumId: number, scr: string | null): Promise<void> {
      await db.updateTable('albums').set({ scr }).where('id', '=', albumId).execute();
    },

    /** Deletes the photo and recounts the album's photos, atomically. */
    async removePhoto(albumId: number, photoId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('photos').where('id', '=', photoId).where('album_id', '=', albumId).execute();
        await trx
          .updateTable('albums')
          .set((eb) => ({
            photos_amount: eb
              .selectFrom('photos')
              .select((c) => c.fn.countAll<number>().as('n'))
              .where('album_id', '=', albumId),
          }))
          .where('id', '=', albumId)
          .execute();
      });
    },

    /** Stores the photos' order as positions 1…n, atomically. */
    async setPhotoOrder(albumId: number, photoIds: readonly number[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const [i, id] of photoIds.entries())
          await trx
            .updateTable('photos')
            .set({ position: i + 1 })
            .where('id', '=', id)
            .where('album_id', '=', albumId)
            .execute();
      });
    },

    /**
     * Deletes the album (its photos and links go with it) and what hangs on it without a foreign key
     * (comments, votes), atomically.
     */
    async delete(albumId: number): Promise<void> {
      await db.transaction().execute((trx) => deleteAlbumRows(trx, [albumId]));
    },
  };
}

export type AlbumsRepository = ReturnType<typeof createAlbumsRepository>;
