import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { videos } from './videos';

/** The physical or digital format a film was first made on (issue 23 §4). */
export const ORIGINAL_FORMATS = ['8mm', '16mm', '35mm', 'vhs', 'betamax', 'umatic', 'digital'] as const;
export type OriginalFormat = (typeof ORIGINAL_FORMATS)[number];

/** On what basis the site shows the film: its own work, a licence, the public domain, the holder's permission. */
export const LICENCE_BASES = ['owned', 'licensed', 'public_domain', 'permission'] as const;
export type LicenceBasis = (typeof LICENCE_BASES)[number];

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
