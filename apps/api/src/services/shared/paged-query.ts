import type { Listing } from './dto';

/**
 * One page of a listing (the shared helper of issue 21): the total first, so a page past the end is
 * answered without reading (or walking an index to) its rows.
 */
export async function pagedListing<T>(q: {
  page: number;
  count: number;
  total: () => Promise<number>;
  rows: (limit: number, offset: number) => Promise<T[]>;
}): Promise<Listing<T>> {
  const total = await q.total();
  const offset = (q.page - 1) * q.count;
  const items = offset < total ? await q.rows(q.count, offset) : [];
  return { items, totalCount: total, page: q.page, pages: Math.ceil(total / q.count) };
}
