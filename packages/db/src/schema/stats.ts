import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { videos } from './videos';

/** Raw view counters: one row per video, UTC day (days since epoch) and viewer country ('xx' when unknown). */
export const videoViewsDaily = sqliteTable(
  'video_views_daily',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: integer('day').notNull(),
    country: text('country').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.day, t.country] }),
    index('video_views_daily_day_idx').on(t.day),
  ],
);

/** Rolling 90-day views per country, rebuilt by the stats job: feeds "top in country" without aggregating. */
export const videoCountryViews = sqliteTable(
  'video_country_views',
  {
    country: text('country').notNull(),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    gender: text('gender').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.videoId] }),
    index('video_country_views_rank_idx').on(t.country, t.gender, t.views),
  ],
);

/** Searches people ran (no personal data): feeds the suggester and the tag cloud. */
export const searchKeywords = sqliteTable(
  'search_keywords',
  {
    keyword: text('keyword').primaryKey(),
    searches: integer('searches').notNull().default(0),
    results: integer('results').notNull().default(0),
    fromTitles: integer('from_titles').notNull().default(0),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('search_keywords_searches_idx').on(t.searches)],
);

/**
 * Listed-video totals per orientation, category (0 = all), duration bucket and HD flag: the totals of the
 * common listing filters without counting a million rows. Rebuilt by the stats job and the seed.
 */
export const listingFacets = sqliteTable(
  'listing_facets',
  {
    gender: text('gender').notNull(),
    categoryId: integer('category_id').notNull(),
    durationBucket: integer('duration_bucket').notNull(),
    isHd: integer('is_hd').notNull(),
    videos: integer('videos').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gender, t.categoryId, t.durationBucket, t.isHd] })],
);
