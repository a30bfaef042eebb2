import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATES, createFts5Engine } from '../../apps/api/src/services/search/fts5-engine';
import type { SearchEngine, SearchQuery } from '../../apps/api/src/services/search/search-engine';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The FTS5 engine's "titles that start with the query" (search_title_words): found however old, with the
 * words folded as FTS5 folds them, and kept in step with every index write.
 */
const q = (text: string, over: Partial<SearchQuery> = {}): SearchQuery => ({
  text,
  sort: 'relevance',
  page: 1,
  count: 20,
  ...over,
  filters: { gender: 'straight', duration: 0, hdOnly: false, date: 'all' },
});

describe('FTS5 search: titles that start with the query', () => {
  let sut: TestApp;
  let engine: SearchEngine;
  let listed: number[];
  const words = () =>
    sut.db.$client.prepare('SELECT video_id, words FROM search_title_words ORDER BY video_id').all();

  beforeAll(async () => {
    sut = createTestApp({ videos: CANDIDATES + 60 });
    const sqlite = sut.db.$client;
    sqlite.exec(`UPDATE videos SET gender = 'straight', status_id = 1, is_private = 0,
      title = 'Harbour reel ' || id, description = 'A film from the archive.'`);
    listed = sqlite.prepare('SELECT id FROM videos ORDER BY id').pluck().all() as number[];
    // The oldest video: more than CANDIDATES newer ones also match "harbour".
    sqlite.prepare("UPDATE videos SET title = 'Harbour' WHERE id = ?").run(listed[0]);
    sqlite.prepare("UPDATE videos SET title = 'Épisode à Nice, été' WHERE id = ?").run(listed[1]);
    engine = createFts5Engine(sqlite);
    await engine.init();
    await engine.index(listed);
  }, 120_000);
  afterAll(() => sut.close());

  it('ranks the oldest exact title first, though the newest matches alone fill the candidates', async () => {
    const r = await engine.search(q('harbour'));
    expect(r.ids[0]).toBe(listed[0]);
    // A title shorter than the query does not start with it.
    const other = await engine.search(q('harbour reel'));
    expect(other.ids).not.toContain(listed[0]);
  });

  it('folds accents and punctuation as the index does', async () => {
    const r = await engine.search(q('episode a nice'));
    expect(r.ids[0]).toBe(listed[1]);
    expect((await engine.search(q('Episode à nice ete'))).ids[0]).toBe(listed[1]);
  });

  it('follows index writes and removals, and is filled for a site whose index predates it', async () => {
    const sqlite = sut.db.$client;
    expect(words()).toHaveLength(listed.length);
    sqlite.prepare("UPDATE videos SET title = 'Lantern Parade' WHERE id = ?").run(listed[2]);
    await engine.index([listed[2]!]);
    expect(sqlite.prepare('SELECT words FROM search_title_words WHERE video_id = ?').get(listed[2])).toEqual({
      words: 'lantern parade',
    });
    // Taken down: the site removes it from the index.
    sqlite.prepare('UPDATE videos SET status_id = 0 WHERE id = ?').run(listed[2]);
    await engine.remove([listed[2]!]);
    expect(sqlite.prepare('SELECT 1 FROM search_title_words WHERE video_id = ?').get(listed[2])).toBe(
      undefined,
    );
    // A private video leaves the index on its next write.
    sqlite.prepare('UPDATE videos SET is_private = 1 WHERE id = ?').run(listed[3]);
    await engine.index([listed[3]!]);
    expect(sqlite.prepare('SELECT 1 FROM search_title_words WHERE video_id = ?').get(listed[3])).toBe(
      undefined,
    );
    const before = words();
    sqlite.exec('DELETE FROM search_title_words');
    await createFts5Engine(sqlite).init();
    expect(words()).toEqual(before);
  });
});
