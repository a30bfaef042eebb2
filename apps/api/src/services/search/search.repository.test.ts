import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createSearchRepository } from './search.repository';

onBothDatabases('the search repository', (data) => {
  it('counts searches and title terms, and finds keywords by prefix, most searched first', async () => {
    const repo = createSearchRepository(data());
    await repo.countSearch('retro dance', 4, NOW);
    await repo.countSearch('retro dance', 3, NOW + 1);
    await repo.countSearch('retro', 9, NOW);
    await repo.countSearch('Retro upper', 2, NOW);
    await repo.countSearch('retrofit', 0, NOW);
    await repo.upsertTitleKeywords(
      [
        ['retro', 5],
        ['retrospective', 2],
      ],
      NOW + 2,
    );
    const rows = await data()
      .db.selectFrom('search_keywords')
      .select(['keyword', 'searches', 'results', 'from_titles', 'updated_at'])
      .orderBy('keyword')
      .execute();
    expect(rows).toEqual([
      { keyword: 'Retro upper', searches: 1, results: 2, from_titles: 0, updated_at: NOW },
      { keyword: 'retro', searches: 1, results: 5, from_titles: 1, updated_at: NOW + 2 },
      { keyword: 'retro dance', searches: 2, results: 3, from_titles: 0, updated_at: NOW + 1 },
      { keyword: 'retrofit', searches: 1, results: 0, from_titles: 0, updated_at: NOW },
      { keyword: 'retrospective', searches: 0, results: 2, from_titles: 1, updated_at: NOW + 2 },
    ]);
    // Byte order on both: upper case is not a prefix match, nor are keywords that found nothing.
    expect(await repo.keywordsByPrefix('retro', 10)).toEqual(['retro dance', 'retro', 'retrospective']);
    expect(await repo.keywordsByPrefix('retro', 1)).toEqual(['retro dance']);
    expect(await repo.keywordsByPrefix('retro d', 10)).toEqual(['retro dance']);
    expect(await repo.keywordsByPrefix('zzz', 10)).toEqual([]);
  });

  it('upserts many title terms in batches', async () => {
    const repo = createSearchRepository(data());
    const terms = Array.from({ length: 1200 }, (_, i) => [`word${i}`, i + 1] as const);
    await repo.upsertTitleKeywords(terms, NOW);
    const { n } = await data()
      .db.selectFrom('search_keywords')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1200);
  });

  it('finds categories and models by a case-insensitive prefix, with their counts of the orientation', async () => {
    const { db } = data();
    const repo = createSearchRepository(data());
    const cat = async (dir: string, title: string, videos: Record<string, number>) => {
      const c = await db.insertInto('categories').values({ dir }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('category_titles').values({ category_id: c.id, lang: 'en', title }).execute();
      for (const [gender, n] of Object.entries(videos))
        for (const duration_bucket of [1, 2])
          await db
            .insertInto('listing_facets')
            .values({
              category_id: c.id,
              gender: gender as 'straight',
              duration_bucket,
              is_hd: 0,
              videos: n,
            })
            .execute();
      return c.id;
    };
    await cat('retro', 'Retro', { straight: 2, gay: 5 });
    await cat('retro-dance', 'Retro_Dance', { straight: 3 });
    await cat('retrograde', 'Retrograde', { gay: 1 });
    await cat('modern', 'Modern', { straight: 9 });
    expect(await repo.categoriesByPrefix('straight', 'en', 'retro', 5)).toEqual([
      { dir: 'retro-dance', title: 'Retro_Dance', totalVideos: 6 },
      { dir: 'retro', title: 'Retro', totalVideos: 4 },
    ]);
    // `_` is a letter here, not a wildcard.
    expect(await repo.categoriesByPrefix('straight', 'en', 'retro_', 5)).toEqual([
      { dir: 'retro-dance', title: 'Retro_Dance', totalVideos: 6 },
    ]);
    expect(await repo.categoriesByPrefix('straight', 'de', 'retro', 5)).toEqual([]);

    const model = (dir: string, title: string, gender: 'straight' | 'gay', videos_count: number) =>
      db
        .insertInto('models')
        .values({ dir, title, alphabet: title[0]!.toLowerCase(), gender, videos_count, created_at: NOW })
        .execute();
    await model('ann', 'Ann Vintage', 'straight', 3);
    await model('anna', 'Anna Retro', 'straight', 7);
    await model('andy', 'Andy', 'gay', 4);
    await model('anouk', 'Anouk', 'straight', 0);
    expect(await repo.modelsByPrefix('straight', 'ann', 5)).toEqual([
      { dir: 'anna', title: 'Anna Retro', totalVideos: 7 },
      { dir: 'ann', title: 'Ann Vintage', totalVideos: 3 },
    ]);
    expect(await repo.modelsByPrefix('gay', 'an', 5)).toEqual([
      { dir: 'andy', title: 'Andy', totalVideos: 4 },
    ]);
  });

  it('reads listed titles newest first, and the documents of listed videos with their models and categories', async () => {
    const { db } = data();
    const s = seed(data());
    const repo = createSearchRepository(data());
    const a = await s.video({ title: 'First', description: 'about', is_hd: 1 });
    const b = await s.video({ title: 'Second' });
    const hidden = await s.video({ title: 'Private', is_private: 1 });
    const pending = await s.video({ title: 'Pending', status_id: 2 });
    // A version shown under a public canonical is not a document of its own.
    const version = await s.video({ title: 'Version' });
    await db
      .insertInto('video_versions')
      .values({ video_id: version, canonical_id: a, mode: 'listed', created_at: NOW })
      .execute();
    const m1 = await db
      .insertInto('models')
      .values({ dir: 'ann', title: 'Ann', alphabet: 'a', created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const m2 = await db
      .insertInto('models')
      .values({ dir: 'bea', title: 'Bea', alphabet: 'b', created_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('video_models')
      .values([
        { video_id: a, model_id: m1.id },
        { video_id: a, model_id: m2.id },
      ])
      .execute();
    const c = await db
      .insertInto('categories')
      .values({ dir: 'retro' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('category_titles')
      .values([
        { category_id: c.id, lang: 'en', title: 'Retro' },
        { category_id: c.id, lang: 'de', title: 'Retro' },
        { category_id: c.id, lang: 'fr', title: 'Rétro' },
      ])
      .execute();
    await db.insertInto('video_categories').values({ video_id: a, category_id: c.id }).execute();

    expect(await repo.listedTitles(10)).toEqual(['Version', 'Second', 'First']);
    expect(await repo.listedTitles(1)).toEqual(['Version']);
    expect(await repo.videoIds()).toEqual([a, b, hidden, pending, version]);
    expect(await repo.documents([])).toEqual([]);
    const docs = await repo.documents([a, b, hidden, pending, version, 99_999]);
    expect(docs.map((d) => d.id)).toEqual([a, b]);
    expect(docs[0]).toMatchObject({
      id: a,
      title: 'First',
      description: 'about',
      isHd: 1,
      post_date: NOW,
      models: ['Ann', 'Bea'],
      modelDirs: ['ann', 'bea'],
      categoryDirs: ['retro'],
      categories: ['Retro', 'Rétro'],
    });
    expect(docs[1]).toMatchObject({ id: b, models: [], modelDirs: [], categoryDirs: [], categories: [] });
  });
});
