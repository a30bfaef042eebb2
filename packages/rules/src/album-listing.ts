/** The album listing's sorts (spec §2), in the order the site offers them. */

export const ALBUM_SORTS = ['latest-updates', 'most-viewed', 'top-rated', 'most-commented'] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];
