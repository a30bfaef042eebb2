import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { videos } from './videos';

export const VERSION_MODES = ['redirect', 'listed'] as const;

/**
 * Versions of one film (ADR 0035): each row makes `video_id` a version of `canonical_id`. A video is in at
 * most one group (primary key) and a canonical is never itself a version (enforced by the service). Nothing
 * of the version is moved: its views and comments stay on its own row and the canonical page adds them up,
 * so ungrouping (deleting the row) restores everything as it was.
 */
export const videoVersions = sqliteTable(
  'video_versions',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    canonicalId: integer('canonical_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: VERSION_MODES }).notNull(),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('video_versions_canonical_idx').on(t.canonicalId)],
);
