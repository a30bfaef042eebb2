// `npm run search:reindex`: rebuilds the search index of the configured engine from the database.
import { createProgressBar, migrateDb, openDb, rebuildSearchIndex } from '@vt/db';
import { loadConfig } from '../config';
import { createServices } from '../container';

const config = loadConfig();
const db = openDb(config.databaseFile);
migrateDb(db);
const services = createServices({ db, config });
const engine = services.search.engine;
const bar = createProgressBar(`search:reindex (${engine.name})`);
const started = Date.now();

if (engine.name === 'fts5') {
  const n = rebuildSearchIndex(db.$client, (done, total) => bar('videos', done, total));
  console.log(`indexed ${n} listed videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} else {
  await engine.init();
  const ids = db.$client.prepare('SELECT id FROM videos ORDER BY id').pluck().all() as number[];
  const BATCH = 5000;
  for (let i = 0; i < ids.length; i += BATCH) {
    await engine.index(ids.slice(i, i + BATCH));
    bar('videos', Math.min(ids.length, i + BATCH), ids.length);
  }
  console.log(`sent ${ids.length} videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
db.$client.close();
