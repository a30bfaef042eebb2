-- The embedded search index (SQLite FTS5): listed videos only, accents folded, prefix indexes for 2 and
-- 3 characters (widened in 0004). Filled by the search index jobs and `npm run search:reindex`.
CREATE VIRTUAL TABLE `videos_fts` USING fts5(
  title, description, models, categories, gender UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3'
);
