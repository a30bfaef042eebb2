import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import type { Notifications } from '../notifications/notifications.service';
import type { Clock } from '../shared/clock';

export const SUBSCRIBE_SECTIONS = ['member', 'model', 'channel'] as const;
export type SubscribeSection = (typeof SUBSCRIBE_SECTIONS)[number];

const TARGET: Record<SubscribeSection, { table: string; where: string }> = {
  member: { table: 'members', where: "status = 'active'" },
  model: { table: 'models', where: '1' },
  channel: { table: 'channels', where: '1' },
};

/** Subscriptions to uploaders, models and channels, keeping their subscriber counters. */
export function createSubscribeService({
  sqlite,
  clock,
  notifications,
}: {
  sqlite: Database.Database;
  clock: Clock;
  notifications: Pick<Notifications, 'fromMember'>;
}) {
  const bump = (section: SubscribeSection, id: number, by: number) =>
    sqlite
      .prepare(
        `UPDATE ${TARGET[section].table} SET subscribers_count = max(0, subscribers_count + ?) WHERE id = ?`,
      )
      .run(by, id);

  function exists(section: SubscribeSection, id: number) {
    const { table, where } = TARGET[section];
    if (!sqlite.prepare(`SELECT 1 FROM ${table} WHERE id = ? AND ${where}`).get(id))
      throw new AppError(`${section}_not_found`, { status: 404 });
  }

  return {
    subscribe(memberId: number, section: SubscribeSection, objectId: number) {
      if (section === 'member' && objectId === memberId)
        throw new AppError('cant_subscribe_self', {
          status: 400,
          message: "You can't subscribe to yourself",
        });
      exists(section, objectId);
      return sqlite.transaction(() => {
        const r = sqlite
          .prepare(
            'INSERT OR IGNORE INTO subscriptions (member_id, section, object_id, created_at) VALUES (?, ?, ?, ?)',
          )
          .run(memberId, section, objectId, clock.now());
        if (r.changes === 0)
          throw new AppError('already_subscribed', { status: 409, message: 'You are already subscribed' });
        bump(section, objectId, 1);
        if (section === 'member') notifications.fromMember(memberId, objectId, 'new_subscriber');
        return { code: `subscribed_${section}` };
      })();
    },

    unsubscribe(memberId: number, section: SubscribeSection, objectId: number) {
      return sqlite.transaction(() => {
        const r = sqlite
          .prepare('DELETE FROM subscriptions WHERE member_id = ? AND section = ? AND object_id = ?')
          .run(memberId, section, objectId);
        if (r.changes > 0) bump(section, objectId, -1);
        return { code: 'unsubscribed' };
      })();
    },

    isSubscribed(memberId: number, section: SubscribeSection, objectId: number): boolean {
      return !!sqlite
        .prepare('SELECT 1 FROM subscriptions WHERE member_id = ? AND section = ? AND object_id = ?')
        .get(memberId, section, objectId);
    },
  };
}

export type SubscribeService = ReturnType<typeof createSubscribeService>;
