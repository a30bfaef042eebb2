import { AppError } from '../../lib/app-error';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';
import type { SubscriptionsRepository } from './subscriptions.repository';

export const SUBSCRIBE_SECTIONS = ['member', 'model', 'channel'] as const;
export type SubscribeSection = (typeof SUBSCRIBE_SECTIONS)[number];

/** Subscriptions to uploaders, models and channels, keeping their subscriber counters. */
export function createSubscribeService({
  subscriptions,
  clock,
  notifications,
}: {
  subscriptions: SubscriptionsRepository;
  clock: Clock;
  notifications: Pick<Notifications, 'within'>;
}) {
  return {
    async subscribe(memberId: number, section: SubscribeSection, objectId: number) {
      if (section === 'member' && objectId === memberId)
        throw new AppError('cant_subscribe_self', {
          status: 400,
          message: "You can't subscribe to yourself",
        });
      if (!(await subscriptions.exists(section, objectId)))
        throw new AppError(`${section}_not_found`, { status: 404 });
      return subscriptions.transaction(async (tx, layer) => {
        if (!(await tx.add(memberId, section, objectId, clock.now())))
          throw new AppError('already_subscribed', { status: 409, message: 'You are already subscribed' });
        await tx.count(section, objectId, 1);
        if (section === 'member')
          await notifications.within(layer).fromMember(memberId, objectId, 'new_subscriber');
        return { code: `subscribed_${section}` };
      });
    },

    async unsubscribe(memberId: number, section: SubscribeSection, objectId: number) {
      await subscriptions.transaction(async (tx) => {
        if (await tx.remove(memberId, section, objectId)) await tx.count(section, objectId, -1);
      });
      return { code: 'unsubscribed' };
    },

    isSubscribed(memberId: number, section: SubscribeSection, objectId: number): Promise<boolean> {
      return subscriptions.isSubscribed(memberId, section, objectId);
    },
  };
}

export type SubscribeService = ReturnType<typeof createSubscribeService>;
