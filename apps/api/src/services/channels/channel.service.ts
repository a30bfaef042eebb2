import { AppError } from '../../lib/app-error';
import type { ChannelDetail } from './channel.dto';
import type { ChannelsRepository } from './channels.repository';

export const channelUrl = (dir: string) => `/channel/${dir}/`;

/** Channels: a page per channel (its videos are a listing section, video-listing.service.ts). */
export function createChannelService({ channels }: { channels: ChannelsRepository }) {
  return {
    /** A channel by dir; 404 channel_not_found when there is none. */
    async get(dir: string): Promise<ChannelDetail> {
      const r = await channels.byDir(dir);
      if (!r) throw new AppError('channel_not_found', { status: 404, message: 'Channel not found' });
      return {
        id: r.id,
        dir: r.dir,
        title: r.title,
        url: channelUrl(r.dir),
        subscribers: r.subscribers_count,
      };
    },
  };
}

export type ChannelService = ReturnType<typeof createChannelService>;
