import type { DataLayer } from '@vt/db';
import { expect, it } from 'vitest';
import { describeOnBothDatabases, insertMember } from '../shared/lists-test-databases';
import { type AlbumsRepository, createAlbumsRepository, deleteAlbumRows } from './albums.repository';

const T0 = 1_700_000_000;

describeOnBothDatabases('the albums repository', (data) => {
  let repo: AlbumsRepository;
  let layer: DataLayer;

  const setup = async () => {
    layer = data();
    repo = createAlbumsRepository(layer);
    return insertMember(layer, 'Ann');
  };

  const album = (uploaderId: number, title = 'Beach 1958', at = T0) =>
    repo.create(
      { dir: 'beach-1958', title, description: 'Sun', uploader_id: uploaderId, post_date: at, added_at: at },
      [],
    );

  const photo = (albumId: number, path: string, scr: string | null = null) =>
    repo.addPhoto({ albumId, path, width: 800, height: 600, scr, now: T0 });

  const category = async (dir: string, totalAlbums = 0) => {
    const { id } = await layer.db
      .insertInto('categories')
      .values({ dir, total_albums: totalAlbums })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };

  it('creates a pending album in its known categories, lists it for its owner and shows its detail', async () => {
    const ann = await setup();
    const beach = await category('beach', 5);
    const pinup = await category('pinup', 9);
    await layer.db
      .insertInto('category_titles')
      .values([
        { category_id: beach, lang: 'en', title: 'Beach' },
        { category_id: beach, lang: 'de', title: 'Strand' },
        { category_id: pinup, lang: 'en', title: 'Pin-up' },
      ])
      .execute();
    const id = await repo.create(
      { dir: 'summer', title: 'Summer', description: 'Sun', uploader_id: ann, post_date: T0, added_at: T0 },
      ['beach', 'pinup', 'nowhere'],
    );
    expect(await repo.owned(ann, id)).toEqual({
      id,
      dir: 'summer',
      title: 'Summer',
      description: 'Sun',
      status_id: 2,
      scr: null,
      photos_amount: 0,
    });
    expect(await repo.owned(ann + 1, id)).toBeUndefined();
    expect(await repo.categories(id, 'de')).toEqual([
      { dir: 'pinup', title: 'Pin-up' },
      { dir: 'beach', title: 'Strand' },
    ]);
    const { id: model } = await layer.db
      .insertInto('models')
      .values({ dir: 'jane', title: 'Jane', alphabet: 'j', created_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await layer.db.insertInto('album_models').values({ album_id: id, model_id: model }).execute();
    expect(await repo.models(id)).toEqual([{ dir: 'jane', title: 'Jane' }]);
    expect(await repo.detail(id)).toMatchObject({
      id,
      status_id: 2,
      is_private: 0,
      description: 'Sun',
      likes: 0,
      comments_count: 0,
      uploader_id: ann,
    });
    expect(await repo.uploader(ann)).toEqual({ id: ann, name: 'Ann', avatar: null });
    const other = await album(ann, 'Later', T0 + 5);
    expect(await repo.ownedList(ann)).toEqual([
      { id: other, title: 'Later', status_id: 2, photos_amount: 0 },
      { id, title: 'Summer', status_id: 2, photos_amount: 0 },
    ]);
    await repo.retitle(other, 'Retitled', 'New');
    expect(await repo.owned(ann, other)).toMatchObject({ title: 'Retitled', description: 'New' });
  });

  it('adds photos at the end, counts, reorders and removes them; the cover stays until replaced', async () => {
    const ann = await setup();
    const id = await album(ann);
    const p1 = await photo(id, 'albums/1/1.jpg', 'albums/1/1-thumb.jpg');
    const p2 = await photo(id, 'albums/1/2.jpg');
    const p3 = await photo(id, 'albums/1/3.jpg');
    expect(await repo.owned(ann, id)).toMatchObject({ photos_amount: 3, scr: 'albums/1/1-thumb.jpg' });
    expect(await repo.photos(id)).toEqual([
      { id: p1, path: 'albums/1/1.jpg', width: 800, height: 600, position: 1 },
      { id: p2, path: 'albums/1/2.jpg', width: 800, height: 600, position: 2 },
      { id: p3, path: 'albums/1/3.jpg', width: 800, height: 600, position: 3 },
    ]);
    expect(await repo.photo(id, p2)).toEqual({ id: p2, path: 'albums/1/2.jpg', position: 2 });
    expect(await repo.photo(id + 1, p2)).toBeUndefined();
    await repo.setPhotoOrder(id, [p3, p1, p2]);
    expect((await repo.photos(id)).map((p) => p.id)).toEqual([p3, p1, p2]);
    await repo.removePhoto(id, p1);
    expect((await repo.photos(id)).map((p) => p.id)).toEqual([p3, p2]);
    expect(await repo.owned(ann, id)).toMatchObject({ photos_amount: 2 });
    await repo.setCover(id, 'albums/1/3-cover.jpg');
    expect((await repo.owned(ann, id))?.scr).toBe('albums/1/3-cover.jpg');
    await repo.setCover(id, null);
    expect((await repo.owned(ann, id))?.scr).toBeNull();
  });

  it('goes back to the queue on a new photo or title; deletes the album with its comments and votes', async () => {
    const ann = await setup();
    const id = await album(ann);
    const publish = (status: number) =>
      layer.db
        .updateTable('albums')
        .set({ status_id: status, reject_reason: 'no' })
        .where('id', '=', id)
        .execute();
    await publish(1);
    await photo(id, 'albums/1/1.jpg');
    expect(await repo.detail(id)).toMatchObject({ status_id: 2 });
    await publish(4);
    await repo.retitle(id, 'Again', 'Again');
    expect(await repo.detail(id)).toMatchObject({ status_id: 2 });
    await publish(1);
    await repo.backToQueue(id);
    expect(await repo.detail(id)).toMatchObject({ status_id: 2 });
    await publish(5);
    await repo.backToQueue(id);
    expect(await repo.detail(id)).toMatchObject({ status_id: 5 });
    expect(await repo.owned(ann, id)).toBeUndefined();

    await layer.db
      .insertInto('comments')
      .values({ section: 'album', object_id: id, member_id: ann, comment: 'Nice', added_date: T0 })
      .execute();
    await layer.db
      .insertInto('votes')
      .values({ section: 'album', object_id: id, member_id: ann, vote: 1, created_at: T0 })
      .execute();
    // In a caller's transaction (an account's deletion), the rows go or stay with it.
    await expect(
      layer.db.transaction().execute(async (trx) => {
        await deleteAlbumRows(trx, [id]);
        throw new Error('account deletion failed');
      }),
    ).rejects.toThrow('account deletion failed');
    expect(await repo.detail(id)).toBeDefined();
    await repo.delete(id);
    expect(await repo.detail(id)).toBeUndefined();
    expect(await repo.photos(id)).toEqual([]);
    const left = async (table: 'comments' | 'votes') =>
      (await layer.db.selectFrom(table).select('object_id').where('object_id', '=', id).execute()).length;
    expect([await left('comments'), await left('votes')]).toEqual([0, 0]);
  });

  it('lists the listed albums of an orientation, a category, a model or an uploader, by each sort', async () => {
    const ann = await setup();
    const bob = await insertMember(layer, 'Bob');
    const ids: number[] = [];
    for (const [i, values] of [
      { album_viewed: 10, rating: 4.5, comments_count: 1 },
      { album_viewed: 30, rating: 3.5, comments_count: 9 },
      { album_viewed: 20, rating: 5, comments_count: 0 },
    ].entries()) {
      const id = await album(i === 1 ? bob : ann, `A${i}`, T0 + i);
      await layer.db
        .updateTable('albums')
        .set({ ...values, status_id: 1 })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const [a0, a1, a2] = ids as [number, number, number];
    // Neither a pending, a private nor another orientation's album is listed.
    await album(ann, 'Pending');
    const hidden = await album(ann, 'Private');
    await layer.db
      .updateTable('albums')
      .set({ status_id: 1, is_private: 1 })
      .where('id', '=', hidden)
      .execute();
    const gay = await album(ann, 'Gay');
    await layer.db.updateTable('albums').set({ status_id: 1, gender: 'gay' }).where('id', '=', gay).execute();

    const all = { gender: 'straight' as const };
    expect(await repo.count(all)).toBe(3);
    expect(await repo.pageIds(all, 'latest-updates', 10, 0)).toEqual([a2, a1, a0]);
    expect(await repo.pageIds(all, 'most-viewed', 10, 0)).toEqual([a1, a2, a0]);
    expect(await repo.pageIds(all, 'top-rated', 10, 0)).toEqual([a2, a0, a1]);
    expect(await repo.pageIds(all, 'most-commented', 2, 1)).toEqual([a0, a2]);
    expect(await repo.count({ gender: 'gay' })).toBe(1);
    expect(await repo.count({ gender: 'straight', uploaderId: bob })).toBe(1);

    const beach = await category('beach');
    await layer.db
      .insertInto('album_categories')
      .values([a0, a2, hidden].map((album_id) => ({ album_id, category_id: beach })))
      .execute();
    expect(await repo.sectionId('categories', 'beach')).toBe(beach);
    expect(await repo.sectionId('categories', 'nowhere')).toBeNull();
    expect(await repo.sectionId('models', 'nobody')).toBeNull();
    expect(await repo.pageIds({ ...all, categoryId: beach }, 'latest-updates', 10, 0)).toEqual([a2, a0]);
    expect(await repo.count({ ...all, categoryId: null })).toBe(0);
    expect(await repo.count({ ...all, modelId: null })).toBe(0);

    const thumbs = await repo.thumbs([a1, 999_999, a0]);
    expect(thumbs.map((t) => t.id)).toEqual([a1, a0]);
    expect(thumbs[0]).toEqual({
      id: a1,
      dir: 'beach-1958',
      title: 'A1',
      scr: null,
      photos_amount: 0,
      album_viewed: 30,
      rating: 3.5,
      post_date: T0 + 1,
      status_id: 1,
      is_private: 0,
    });
    expect(await repo.thumbs([])).toEqual([]);
  });
});
