import type { Config } from '../config';
import { createServices } from '../container';
import { openSiteDatabase } from '../database-target';

/**
 * The site's database and services, opened as the site opens them (main.ts, database-target.ts), for the
 * command-line tools: SQLite's file by default or PostgreSQL with DATABASE_URL, migrated, and every service
 * wired by the container. The tools work through services and repositories only.
 */
export async function openSite(config: Config) {
  const database = await openSiteDatabase(config);
  const services = createServices({ data: database.data, config });
  return { services, close: () => database.close() };
}
