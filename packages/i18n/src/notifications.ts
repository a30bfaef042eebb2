/**
 * Notification kinds, the settings groups that mute them, and how one is said and where it leads: shared
 * by the API (digest mails) and the web app (bell page) so both say the same thing (ADR 0028).
 */
/** Decisions about a member's uploads and account: always delivered, never muted. */
export const MODERATION_KINDS = [
  'video_approved',
  'video_rejected',
  'video_taken_down',
  'video_edit_approved',
  'video_edit_rejected',
  'album_approved',
  'album_rejected',
  'account_suspended',
  'appeal_upheld',
  'appeal_reversed',
] as const;
/** What other members do that concerns the member. */
export const MEMBER_KINDS = [
  'friend_request',
  'friend_accepted',
  'comment_video',
  'comment_album',
  'wall_post',
  'new_subscriber',
  'new_video',
  'message',
] as const;
export const NOTIFICATION_KINDS = [...MODERATION_KINDS, ...MEMBER_KINDS] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type MemberKind = (typeof MEMBER_KINDS)[number];
export type NotificationParams = Record<string, string | number>;

/** The choices a member has in settings: each mutes a few kinds together. */
export const NOTIFICATION_GROUPS = [
  'friends',
  'comments',
  'wall',
  'subscribers',
  'new_videos',
  'messages',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];
export const GROUP_OF: Record<MemberKind, NotificationGroup> = {
  friend_request: 'friends',
  friend_accepted: 'friends',
  comment_video: 'comments',
  comment_album: 'comments',
  wall_post: 'wall',
  new_subscriber: 'subscribers',
  new_video: 'new_videos',
  message: 'messages',
};

// biome-ignore lint/suspicious/noExplicitAny: i18next's typed t and a plain one both fit
type T = (key: any, vars?: any) => string;

export interface NotificationLike {
  kind: NotificationKind;
  params: NotificationParams;
}

/** The sentence of a notification in the language of `t` (the same keys the page uses). */
export function notificationText(t: T, n: NotificationLike): string {
  const p = n.params;
  const reason = p.reason ? t(`moderation.reason.${p.reason}`) : '';
  return t(`notification.${n.kind}`, {
    ...p,
    reason,
    note: p.note ?? '',
    count: p.count ?? 1,
    interpolation: { escapeValue: false },
  });
}

/** Where a notification leads: the object it is about. */
export function notificationHref(n: NotificationLike, memberId: number): string {
  const p = n.params;
  switch (n.kind) {
    case 'friend_request':
    case 'friend_accepted':
    case 'new_subscriber':
      return `/members/${p.from}/`;
    case 'message':
      return `/messages/${p.from}/`;
    case 'wall_post':
      // A post on the wall, or a comment on the profile page.
      return p.on === 'profile' ? `/members/${memberId}/` : `/members/${memberId}/wall/1/`;
    case 'comment_album':
    case 'album_approved':
      return `/album/${p.id}/${p.dir ?? ''}/`;
    case 'account_suspended':
      return '/';
    case 'album_rejected':
    case 'video_rejected':
    case 'video_edit_rejected':
      return '/add-video/';
    // The uploader may appeal a removal from here (ADR 0037).
    case 'video_taken_down':
    case 'appeal_upheld':
      return `/appeal/?video=${p.id}`;
    default:
      return `/videos/${p.id}/${p.dir ?? ''}/${n.kind === 'comment_video' ? '#comments' : ''}`;
  }
}
