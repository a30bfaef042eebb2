import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** drizzle's SQLite migrations 0000–0017: the history SQLite's baseline migration replays (ADR 0041). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
