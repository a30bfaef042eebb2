// `npm run search:reindex`: rebuilds the search index of the configured engine from the database.
import { createProgressBar } from '@vt/db';
import { loadConfig } from '../config';
import { openSite } from './open-site';

const site = await openSite(loadConfig());
const { engine } = site.services.search;
const bar = createProgressBar(`search:reindex (${engine.name})`);
const started = Date.now();
const n = await site.services.search.reindexAll((done, total) => bar('videos', done, total));
console.log(`indexed ${n} videos in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await site.close();
