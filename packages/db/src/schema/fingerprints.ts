import { blob, index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members';
import { videos } from './videos';

/**
 * A processed video's fingerprint summary (ADR 0033, 0034): the 64-bit code candidates are found by, as
 * two unsigned 32-bit words. The second-by-second hashes stay in the media directory (fingerprint.bin).
 */
export const videoFingerprints = sqliteTable(
  'video_fingerprints',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    summaryHi: integer('summary_hi').notNull(),
    summaryLo: integer('summary_lo').notNull(),
    seconds: integer('seconds').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Raised on every write: an index in memory reads only the rows past the last one it saw. */
    seq: integer('seq').notNull(),
  },
  (t) => [index('video_fingerprints_seq_idx').on(t.seq)],
);

/**
 * What a new video (video_id) shares with an earlier one (match_id), found at ingest: the share of each
 * the matched ranges cover, the ranges ([start, end, matchStart, matchEnd] in seconds, JSON), and whether
 * it is a full copy of it (held, ADR 0034).
 */
export const fingerprintMatches = sqliteTable(
  'fingerprint_matches',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    coverage: real('coverage').notNull(),
    matchCoverage: real('match_coverage').notNull(),
    ranges: text('ranges').notNull(),
    fullCopy: integer('full_copy').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.matchId] }),
    index('fingerprint_matches_match_idx').on(t.matchId),
  ],
);

/** file: MD5 / SHA-1 / SHA-256 digests of files; fingerprint: this engine's perceptual fingerprints. */
export const BLOCKLIST_KINDS = ['file', 'fingerprint'] as const;
export type BlocklistKind = (typeof BLOCKLIST_KINDS)[number];
export const DIGEST_KINDS = ['md5', 'sha1', 'sha256'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];

/** An imported hash set (ADR 0034): where it came from, who imported it, how many entries. */
export const blocklists = sqliteTable('blocklists', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: BLOCKLIST_KINDS }).notNull(),
  entries: integer('entries').notNull(),
  importedBy: integer('imported_by').references(() => members.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull(),
});

/** File digests of a blocklist, lower-case hex, looked up by (kind, hash). */
export const blocklistHashes = sqliteTable(
  'blocklist_hashes',
  {
    kind: text('kind', { enum: DIGEST_KINDS }).notNull(),
    hash: text('hash').notNull(),
    listId: integer('list_id')
      .notNull()
      .references(() => blocklists.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.hash, t.listId] }),
    index('blocklist_hashes_list_idx').on(t.listId),
  ],
);

/** Perceptual entries of a blocklist: this engine's own fingerprint (summary + fingerprint.bin bytes). */
export const blocklistFingerprints = sqliteTable(
  'blocklist_fingerprints',
  {
    id: integer('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => blocklists.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    summaryHi: integer('summary_hi').notNull(),
    summaryLo: integer('summary_lo').notNull(),
    seconds: blob('seconds', { mode: 'buffer' }).notNull(),
  },
  (t) => [index('blocklist_fingerprints_list_idx').on(t.listId)],
);

/**
 * Videos that matched a blocklist: status_id 8 while held, nobody sees their media; an admin releases
 * them (a false positive, back to the queue) or deletes them for good.
 */
export const quarantine = sqliteTable(
  'quarantine',
  {
    videoId: integer('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    listId: integer('list_id').references(() => blocklists.id, { onDelete: 'set null' }),
    /** What matched: `sha256:…`, `md5:…` or `fingerprint:<label>`. */
    matched: text('matched').notNull(),
    state: text('state', { enum: ['held', 'released', 'deleted'] })
      .notNull()
      .default('held'),
    createdAt: integer('created_at').notNull(),
    decidedBy: integer('decided_by').references(() => members.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at'),
  },
  (t) => [index('quarantine_state_idx').on(t.state, t.createdAt)],
);
