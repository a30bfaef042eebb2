import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Solved anti-robot challenges already spent, by signature, until their challenge expires: in the database
 * so that every API node refuses a replay, and a restart forgets nothing.
 */
export const captchaSpent = sqliteTable(
  'captcha_spent',
  {
    signature: text('signature').primaryKey(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('captcha_spent_expires_idx').on(t.expiresAt)],
);
