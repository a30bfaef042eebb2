import { MEMBER_PRIVATE_SECTIONS, type MemberPrivateSection } from '@vt/db';
import type Database from 'better-sqlite3';
import { AppError } from '../../lib/app-error';
import { modelImageUrl } from '../models/model.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { MemberProfile, MemberSubscription } from './member.dto';
import { ageOn, type MemberThumb, type MemberThumbRow, toMemberThumb } from './member-directory.service';

export const FRIENDS_PAGE_SIZE = 48;
export { MEMBER_PRIVATE_SECTIONS, type MemberPrivateSection };

interface ProfileRow {
  id: number;
  name: string;
  avatar: string | null;
  cover: string | null;
  gender: number | null;
  birth_date: string | null;
  relationship: number | null;
  orientation: number | null;
  education: string | null;
  website: string | null;
  country: string | null;
  city: string | null;
  occupation: string | null;
  interests: string | null;
  about: string | null;
  created_at: number;
  last_seen_at: number | null;
  videos_count: number;
  subscribers_count: number;
  views_count: number;
  private_sections: string;
  friends: number;
}

export const permissionDenied = () =>
  new AppError('permission_denied', { status: 403, message: 'You do not have permission to view.' });

/**
 * Public member pages: the profile of an active member and the sections others may read. Sections the
 * member keeps private answer permission_denied to everyone but the member.
 */
export function createMemberProfiles({ sqlite, clock }: { sqlite: Database.Database; clock: Clock }) {
  const profileRow = sqlite.prepare(
    `SELECT m.*, (SELECT count(*) FROM friends f WHERE f.member_id = m.id AND f.status = 'accepted') AS friends
     FROM members m WHERE m.id = ? AND m.status = 'active'`,
  );
  const friendRows = sqlite.prepare(
    `SELECT m.id, m.name, m.avatar, m.country, m.birth_date, m.gender
     FROM friends f JOIN members m ON m.id = f.friend_id
     WHERE f.member_id = ? AND f.status = 'accepted' AND m.status = 'active'
     ORDER BY f.created_at DESC, m.id DESC LIMIT ? OFFSET ?`,
  );
  const friendCount = sqlite
    .prepare(
      `SELECT count(*) FROM friends f JOIN members m ON m.id = f.friend_id
       WHERE f.member_id = ? AND f.status = 'accepted' AND m.status = 'active'`,
    )
    .pluck();
  const subscriptionRows = sqlite.prepare(
    `SELECT s.section, s.object_id,
       mo.dir AS model_dir, mo.title AS model_title, mo.scr AS model_scr, mo.videos_count AS model_videos,
       me.name AS member_name, me.avatar AS member_avatar, me.videos_count AS member_videos,
       ch.dir AS channel_dir, ch.title AS channel_title, ch.videos_count AS channel_videos
     FROM subscriptions s
     LEFT JOIN models mo ON s.section = 'model' AND mo.id = s.object_id
     LEFT JOIN members me ON s.section = 'member' AND me.id = s.object_id AND me.status = 'active'
     LEFT JOIN channels ch ON s.section = 'channel' AND ch.id = s.object_id
     WHERE s.member_id = ? ORDER BY s.created_at DESC, s.section, s.object_id`,
  );

  function toProfile(r: ProfileRow): MemberProfile {
    const today = new Date(clock.now() * 1000);
    return {
      id: r.id,
      name: r.name,
      avatar: r.avatar,
      cover: r.cover,
      gender: r.gender,
      age: r.birth_date ? ageOn(r.birth_date, today) : null,
      birthDate: r.birth_date,
      relationship: r.relationship,
      orientation: r.orientation,
      education: r.education,
      website: r.website,
      country: r.country,
      city: r.city,
      occupation: r.occupation,
      interests: r.interests,
      about: r.about,
      joinedAt: r.created_at,
      lastSeenAt: r.last_seen_at,
      videos: r.videos_count,
      subscribers: r.subscribers_count,
      views: r.views_count,
      friends: r.friends,
      privateSections: r.private_sections
        .split(',')
        .filter((s) => (MEMBER_PRIVATE_SECTIONS as readonly string[]).includes(s)),
    };
  }

  const avatarRow = sqlite.prepare('SELECT avatar FROM members WHERE id = ?').pluck();

  return {
    /** The member's avatar image, or null (the header shows their initial then). */
    avatarOf(id: number): string | null {
      return (avatarRow.get(id) as string | null | undefined) ?? null;
    },

    /** An active member's profile; not_found for unknown, unconfirmed and suspended members. */
    get(id: number): MemberProfile {
      const r = profileRow.get(id) as ProfileRow | undefined;
      if (!r) throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      return toProfile(r);
    },

    canView(profile: MemberProfile, section: MemberPrivateSection, viewerId: number | null): boolean {
      return viewerId === profile.id || !profile.privateSections.includes(section);
    },

    /** Throws permission_denied (403) unless the viewer may read that section of the member's pages. */
    assertCanView(memberId: number, section: MemberPrivateSection, viewerId: number | null): MemberProfile {
      const profile = this.get(memberId);
      if (!this.canView(profile, section, viewerId)) throw permissionDenied();
      return profile;
    },

    /** Accepted friends, newest friendship first. */
    friends(memberId: number, page: number): Listing<MemberThumb> {
      const today = new Date(clock.now() * 1000);
      const total = Number(friendCount.get(memberId));
      const offset = (page - 1) * FRIENDS_PAGE_SIZE;
      const rows =
        offset < total ? (friendRows.all(memberId, FRIENDS_PAGE_SIZE, offset) as MemberThumbRow[]) : [];
      return {
        items: rows.map((m) => toMemberThumb(m, today)),
        totalCount: total,
        page,
        pages: Math.ceil(total / FRIENDS_PAGE_SIZE),
      };
    },

    /** Everything the member subscribes to, newest first; targets that are gone are left out. */
    subscriptions(memberId: number): MemberSubscription[] {
      const rows = subscriptionRows.all(memberId) as Record<string, string | number | null>[];
      const out: MemberSubscription[] = [];
      for (const r of rows) {
        const id = r.object_id as number;
        if (r.section === 'model' && r.model_dir !== null)
          out.push({
            section: 'model',
            id,
            dir: r.model_dir as string,
            title: r.model_title as string,
            scr: modelImageUrl(r.model_scr as string | null) || null,
            videos: r.model_videos as number,
          });
        else if (r.section === 'member' && r.member_name !== null)
          out.push({
            section: 'member',
            id,
            name: r.member_name as string,
            avatar: r.member_avatar as string | null,
            videos: r.member_videos as number,
          });
        else if (r.section === 'channel' && r.channel_dir !== null)
          out.push({
            section: 'channel',
            id,
            dir: r.channel_dir as string,
            title: r.channel_title as string,
            videos: r.channel_videos as number,
          });
      }
      return out;
    },
  };
}

export type MemberProfiles = ReturnType<typeof createMemberProfiles>;

export const MEMBER_VIDEO_LISTS = ['uploaded', 'favourites', 'watch_later', 'history'] as const;
export type MemberVideoList = (typeof MEMBER_VIDEO_LISTS)[number];

/** Which privacy switch guards each of a member's video lists; uploads are as public as the videos. */
export const VIDEO_LIST_PRIVACY: Record<MemberVideoList, MemberPrivateSection | null> = {
  uploaded: null,
  favourites: 'favourites',
  watch_later: 'watch_later',
  history: 'history',
};
