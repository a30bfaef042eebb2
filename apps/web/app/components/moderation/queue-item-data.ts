import type { apiClient } from '../../lib/api-client';

/** One entry of the moderation queue as the API sends it. */
export type QueueItemData = Awaited<
  ReturnType<ReturnType<typeof apiClient>['moderation']['queue']['query']>
>['items'][number];

/** The moderation status key of a video status id (`moderation.status.*`). */
export const STATUS_LABEL: Record<number, string> = {
  1: 'active',
  2: 'pending',
  3: 'pending',
  4: 'rejected',
  5: 'deleted',
  7: 'suspended',
};
