import type { DataLayer } from '@vt/db';

/** The channels table's SQL (ADR 0041); a channel's videos are a listing section (video-listing.service.ts). */
export function createChannelsRepository({ db }: Pick<DataLayer, 'db'>) {
  return {
    byDir(dir: string) {
      return db
        .selectFrom('channels')
        .select(['id', 'dir', 'title', 'subscribers_count'])
        .where('dir', '=', dir)
        .executeTakeFirst();
    },
  };
}

export type ChannelsRepository = ReturnType<typeof createChannelsRepository>;
