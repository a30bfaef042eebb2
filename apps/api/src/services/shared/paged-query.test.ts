import { describe, expect, it } from 'vitest';
import { pagedListing } from './paged-query';

describe('pagedListing', () => {
  const rows = Array.from({ length: 25 }, (_, i) => i + 1);
  const read: [number, number][] = [];
  const listing = (page: number) =>
    pagedListing({
      page,
      count: 10,
      total: async () => rows.length,
      rows: async (limit, offset) => {
        read.push([limit, offset]);
        return rows.slice(offset, offset + limit);
      },
    });

  it('reads the page at its offset and says how many pages there are', async () => {
    expect(await listing(3)).toEqual({ items: [21, 22, 23, 24, 25], totalCount: 25, page: 3, pages: 3 });
    expect(read).toEqual([[10, 20]]);
  });

  it('answers a page past the end without reading rows', async () => {
    read.length = 0;
    expect(await listing(4)).toEqual({ items: [], totalCount: 25, page: 4, pages: 3 });
    expect(read).toEqual([]);
  });
});
