import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    dir: text('dir').notNull().unique(),
    totalVideos: integer('total_videos').notNull().default(0),
    totalAlbums: integer('total_albums').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('categories_total_idx').on(t.totalVideos)],
);

export const categoryTitles = sqliteTable(
  'category_titles',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] })],
);
