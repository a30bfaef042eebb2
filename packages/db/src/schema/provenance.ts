import { LICENCE_BASES, ORIGINAL_FORMATS } from '@vt/rules';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { videos } from './videos';

// The provenance choices are rules both apps need (packages/rules); the columns take them as their enums.
export { LICENCE_BASES, type LicenceBasis, ORIGINAL_FORMATS, type OriginalFormat } from '@vt/rules';

/**
 * One provenance record per video (ADR 0036). The decade is stored even when the year is known (derived
 * from it), and copied to videos.production_decade for the listings' decade filter.
 */
export const videoProvenance = sqliteTable('video_provenance', {
  videoId: integer('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  productionYear: integer('production_year'),
  productionDecade: integer('production_decade'),
  studio: text('studio'),
  rightsHolder: text('rights_holder'),
  licenceBasis: text('licence_basis', { enum: LICENCE_BASES }),
  originalFormat: text('original_format', { enum: ORIGINAL_FORMATS }),
  recordsRef: text('records_ref'),
  updatedAt: integer('updated_at').notNull(),
  updatedBy: integer('updated_by').references(() => members.id, { onDelete: 'set null' }),
});
