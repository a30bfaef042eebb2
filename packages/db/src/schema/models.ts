import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const MODEL_RACES = ['asian', 'caucasian', 'ebony', 'latin'] as const;
export const MODEL_TITS_SIZES = ['small', 'medium', 'big', 'huge'] as const;

/** Performers. The 10 filter attributes of spec §3 are columns; coded ones use the spec's ranges. */
export const models = sqliteTable(
  'models',
  {
    id: integer('id').primaryKey(),
    dir: text('dir').notNull().unique(),
    title: text('title').notNull(),
    alphabet: text('alphabet').notNull(),
    gender: text('gender', { enum: ['straight', 'shemale', 'gay'] })
      .notNull()
      .default('straight'),
    scr: text('scr'),
    description: text('description'),
    country: text('country'),
    race: text('race', { enum: MODEL_RACES }),
    age: integer('age'),
    titsSize: text('tits_size', { enum: MODEL_TITS_SIZES }),
    hairColor: integer('hair_color'),
    height: integer('height'),
    weight: integer('weight'),
    tattoo: integer('tattoo'),
    piercing: integer('piercing'),
    activeFrom: integer('active_from'),
    activeTo: integer('active_to'),
    videosCount: integer('videos_count').notNull().default(0),
    albumsCount: integer('albums_count').notNull().default(0),
    viewed: integer('viewed').notNull().default(0),
    subscribersCount: integer('subscribers_count').notNull().default(0),
    popularity: integer('popularity').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('models_popularity_idx').on(t.popularity),
    index('models_videos_idx').on(t.videosCount),
    index('models_subs_idx').on(t.subscribersCount),
    index('models_alpha_idx').on(t.alphabet, t.title),
    index('models_created_idx').on(t.createdAt),
  ],
);
