import { sql } from 'drizzle-orm';
import {
  type IndexColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';
import { categories } from './categories';
import { channels } from './channels';
import { members } from './members';
import { models } from './models';

export const ORIENTATIONS = ['straight', 'shemale', 'gay'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** status_id values. 5 (deleted) is fixed by the spec; the rest are ours. */
export const VIDEO_STATUS = {
  active: 1,
  pending: 2,
  processing: 3,
  rejected: 4,
  deleted: 5,
  failed: 6,
  /** Hidden with its uploader's suspension; restored to active if the ban is lifted. */
  suspended: 7,
  /** Matched a blocklist (ADR 0034): its media refused to everyone until an admin decides. */
  quarantined: 8,
} as const;

// Listings only ever show public, active videos; partial indexes keep the sort indexes to exactly those rows.
const listed = sql`status_id = 1 AND is_private = 0`;

/**
 * Sort indexes are (gender, sort column, id, filter columns): the order is exactly ORDER BY sort, id, so a
 * page is a walk of the index, and the filters are tested inside the index without touching the table.
 */
const filterColumns = (t: { durationBucket: IndexColumn; isHd: IndexColumn; categoryMask: IndexColumn }) =>
  [t.durationBucket, t.isHd, t.categoryMask] as const;

/**
 * A sort index for listings filtered by length: (gender, duration bucket, sort column, id, the other
 * filters). A bucket is a quarter to two fifths of the videos, so a page walks that much less of the index
 * (ADR 0046, second addendum). "Longest" needs none: its bucket is a range of its own sort column.
 */
const byLength = (
  name: string,
  t: {
    gender: IndexColumn;
    durationBucket: IndexColumn;
    isHd: IndexColumn;
    categoryMask: IndexColumn;
    id: IndexColumn;
  },
  column: IndexColumn,
) => index(name).on(t.gender, t.durationBucket, column, t.id, t.isHd, t.categoryMask).where(listed);

export const videos = sqliteTable(
  'videos',
  {
    id: integer('id').primaryKey(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    statusId: integer('status_id').notNull().default(VIDEO_STATUS.pending),
    isPrivate: integer('is_private').notNull().default(0),
    gender: text('gender', { enum: ORIENTATIONS }).notNull().default('straight'),
    country: text('country'),
    productionYear: integer('production_year'),
    // Copied from video_provenance (ADR 0036): the listings' decade filter tests it beside the sort index.
    productionDecade: integer('production_decade'),
    durationSec: integer('duration_sec').notNull().default(0),
    // 1 under 10 min, 2 10–40 min, 3 over 40 min: the spec's duration filter, precomputed for the indexes.
    durationBucket: integer('duration_bucket').notNull().default(1),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    isHd: integer('is_hd').notNull().default(0),
    // Bit n set = in category id n (1..62). Lets category filters run inside the covering sort indexes
    // instead of probing video_categories per row; categories with higher ids fall back to the join table.
    categoryMask: integer('category_mask').notNull().default(0),
    postDate: integer('post_date').notNull(),
    addedAt: integer('added_at').notNull(),
    uploaderId: integer('uploader_id').references(() => members.id, { onDelete: 'set null' }),
    channelId: integer('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    albumId: integer('album_id'),
    sgId: integer('sg_id'),
    exTube: text('ex_tube'),
    exId: text('ex_id'),
    // Directory under MEDIA_DIR holding the HLS ladder, thumbs and sprites; demo videos share one.
    mediaPath: text('media_path'),
    timelineCount: integer('timeline_count').notNull().default(0),
    timelineInterval: integer('timeline_interval').notNull().default(0),
    contentHash: text('content_hash'),
    isExclusive: integer('is_exclusive').notNull().default(0),
    // Counters the listings sort on; kept current by the write path and the stats job.
    videoViewed: integer('video_viewed').notNull().default(0),
    viewsDay: integer('views_day').notNull().default(0),
    viewsWeek: integer('views_week').notNull().default(0),
    viewsMonth: integer('views_month').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    rating: real('rating').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    favouritesCount: integer('favourites_count').notNull().default(0),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    // rating rides along so "top rated this week" range-scans post_date and sorts a small window, covered.
    index('videos_latest_idx')
      .on(t.gender, t.postDate, t.id, ...filterColumns(t), t.rating)
      .where(listed),
    index('videos_longest_idx')
      .on(t.gender, t.durationSec, t.id, ...filterColumns(t))
      .where(listed),
    index('videos_commented_idx')
      .on(t.gender, t.commentsCount, t.id, ...filterColumns(t))
      .where(listed),
    index('videos_viewed_idx')
      .on(t.gender, t.videoViewed, t.id, ...filterColumns(t))
      .where(listed),
    index('videos_popular_idx')
      .on(t.gender, t.popularity, t.id, ...filterColumns(t))
      .where(listed),
    index('videos_pop_day_idx')
      .on(t.gender, t.viewsDay, t.id, ...filterColumns(t))
      .where(listed),
    index('videos_pop_week_idx')
      .on(t.gender, t.viewsWeek, t.id, ...filterColumns(t))
      .where(listed),
    index('videos_pop_month_idx')
      .on(t.gender, t.viewsMonth, t.id, ...filterColumns(t))
      .where(listed),
    index('videos_rating_idx')
      .on(t.gender, t.rating, t.id, ...filterColumns(t), t.postDate)
      .where(listed),
    byLength('videos_latest_length_idx', t, t.postDate),
    byLength('videos_commented_length_idx', t, t.commentsCount),
    byLength('videos_viewed_length_idx', t, t.videoViewed),
    byLength('videos_popular_length_idx', t, t.popularity),
    byLength('videos_pop_day_length_idx', t, t.viewsDay),
    byLength('videos_pop_week_length_idx', t, t.viewsWeek),
    byLength('videos_pop_month_length_idx', t, t.viewsMonth),
    byLength('videos_rating_length_idx', t, t.rating),
    index('videos_status_idx').on(t.statusId, t.addedAt),
    index('videos_uploader_idx').on(t.uploaderId, t.addedAt),
    // A channel's page (newest first) and its maintained count.
    index('videos_channel_idx').on(t.channelId, t.postDate).where(listed),
    index('videos_hash_idx').on(t.contentHash),
  ],
);

export const videoCategories = sqliteTable(
  'video_categories',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.categoryId] }),
    index('video_categories_cat_idx').on(t.categoryId, t.videoId),
  ],
);

export const videoModels = sqliteTable(
  'video_models',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.modelId] }),
    index('video_models_model_idx').on(t.modelId, t.videoId),
  ],
);
