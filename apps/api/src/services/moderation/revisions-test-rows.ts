/** Test support for the uploader edits' tests on both databases: categories to tag videos with. */
import type { DataLayer } from '@vt/db';

/** Categories `cat-<id>` with these ids. */
export async function insertCategories({ db }: Pick<DataLayer, 'db'>, ids: readonly number[]): Promise<void> {
  await db
    .insertInto('categories')
    .values(ids.map((id) => ({ id, dir: `cat-${id}` })))
    .execute();
}
