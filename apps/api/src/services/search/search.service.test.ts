import { expect, it } from 'vitest';
import { NOW, onBothDatabases, seed } from '../screening/contract-test-db';
import { createSearchRepository } from './search.repository';
import { createSearchService } from './search.service';
import type { SearchEngine } from './search-engine';

onBothDatabases('the search service', (data) => {
  const make = () => {
    const sent: number[][] = [];
    const engine: SearchEngine = {
      name: 'postgres',
      init: async () => {},
      isEmpty: async () => true,
      index: async (ids) => {
        sent.push([...ids]);
      },
      remove: async () => {},
      search: async () => ({ ids: [], total: 0 }),
      suggest: async () => ['Retro Night'],
    };
    const service = createSearchService({
      repo: createSearchRepository(data()),
      clock: { now: () => NOW },
      engine,
      listing: null as never,
      jobs: null as never,
    });
    return { service, sent };
  };

  it('re-indexes every video, listed or not, with its progress', async () => {
    const s = seed(data());
    const ids = [await s.video(), await s.video({ status_id: 2 }), await s.video({ is_private: 1 })];
    const { service, sent } = make();
    const progress: number[][] = [];
    expect(await service.reindexAll((done, total) => progress.push([done, total]))).toBe(3);
    expect(sent).toEqual([ids]);
    expect(progress).toEqual([[3, 3]]);
  });

  it('counts title terms of listed videos and suggests them with popular searches', async () => {
    const s = seed(data());
    await s.video({ title: 'Retro dance night' });
    await s.video({ title: 'Retro swing 1952' });
    await s.video({ title: 'Hidden retro', is_private: 1 });
    const { service } = make();
    expect(await service.refreshTitleKeywords()).toBe(4);
    const suggestions = await service.suggest('Ret', 'en', 'straight');
    expect(suggestions).toEqual({ keywords: ['retro', 'retro night'], categories: [], models: [] });
  });
});
