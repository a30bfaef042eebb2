import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { categories } from './categories';
import { members } from './members';
import { models } from './models';
import { ORIENTATIONS } from './videos';

const listed = sql`status_id = 1 AND is_private = 0`;

export const albums = sqliteTable(
  'albums',
  {
    id: integer('id').primaryKey(),
    dir: text('dir').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    statusId: integer('status_id').notNull().default(2),
    isPrivate: integer('is_private').notNull().default(0),
    gender: text('gender', { enum: ORIENTATIONS }).notNull().default('straight'),
    uploaderId: integer('uploader_id').references(() => members.id, { onDelete: 'set null' }),
    scr: text('scr'),
    photosAmount: integer('photos_amount').notNull().default(0),
    albumViewed: integer('album_viewed').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    dislikes: integer('dislikes').notNull().default(0),
    rating: real('rating').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    postDate: integer('post_date').notNull(),
    addedAt: integer('added_at').notNull(),
    rejectReason: text('reject_reason'),
  },
  (t) => [
    index('albums_latest_idx').on(t.gender, t.postDate).where(listed),
    index('albums_viewed_idx').on(t.gender, t.albumViewed).where(listed),
    index('albums_rating_idx').on(t.gender, t.rating).where(listed),
    index('albums_commented_idx').on(t.gender, t.commentsCount).where(listed),
    index('albums_uploader_idx').on(t.uploaderId, t.addedAt),
    index('albums_status_idx').on(t.statusId, t.addedAt),
  ],
);

export const photos = sqliteTable(
  'photos',
  {
    id: integer('id').primaryKey(),
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    path: text('path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('photos_album_idx').on(t.albumId, t.position)],
);

export const albumCategories = sqliteTable(
  'album_categories',
  {
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.albumId, t.categoryId] }),
    index('album_categories_cat_idx').on(t.categoryId),
  ],
);

export const albumModels = sqliteTable(
  'album_models',
  {
    albumId: integer('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.albumId, t.modelId] }), index('album_models_model_idx').on(t.modelId)],
);
