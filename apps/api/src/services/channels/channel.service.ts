import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { ChannelDetail } from './channel.dto';

export const channelUrl = (dir: string) => `/channel/${dir}/`;

interface ChannelRow {
  id: number;
  dir: string;
  title: string;
  subscribers_count: number;
}

/** Channels: a page per channel (its videos are a listing section, video-listing.service.ts). */
export function createChannelService({ sqlite }: { sqlite: Database.Database }) {
  const byDir = sqlite.prepare('SELECT id, dir, title, subscribers_count FROM channels WHERE dir = ?');
  const toDetail = (r: ChannelRow): ChannelDetail => ({
    id: r.id,
    dir: r.dir,
    title: r.title,
    url: channelUrl(r.dir),
    subscribers: r.subscribers_count,
  });
  return {
    /** A channel by dir; 404 channel_not_found when there is none. */
    get(dir: string): ChannelDetail {
      const r = byDir.get(dir) as ChannelRow | undefined;
      if (!r) throw new AppError('channel_not_found', { status: 404, message: 'Channel not found' });
      return toDetail(r);
    },
  };
}

export type ChannelService = ReturnType<typeof createChannelService>;
