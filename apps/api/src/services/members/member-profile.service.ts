import { MEMBER_PRIVATE_SECTIONS, type MemberPrivateSection } from '@vt/db';
import { AppError } from '../../lib/app-error';
import { modelImageUrl } from '../models/model.service';
import type { Clock } from '../shared/clock';
import type { Listing } from '../shared/dto';
import type { MemberProfile, MemberSubscription } from './member.dto';
import { ageOn, type MemberThumb, toMemberThumb } from './member-directory.service';
import type { MembersRepository } from './members.repository';

export const FRIENDS_PAGE_SIZE = 48;
export { MEMBER_PRIVATE_SECTIONS, type MemberPrivateSection };

/** An active member's row and their friends' count. */
type ProfileRow = NonNullable<Awaited<ReturnType<MembersRepository['profile']>>>;

export const permissionDenied = () =>
  new AppError('permission_denied', { status: 403, message: 'You do not have permission to view.' });

/**
 * Public member pages: the profile of an active member and the sections others may read. Sections the
 * member keeps private answer permission_denied to everyone but the member.
 */
export function createMemberProfiles({ members, clock }: { members: MembersRepository; clock: Clock }) {
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
      friends: Number(r.friends),
      privateSections: r.private_sections
        .split(',')
        .filter((s) => (MEMBER_PRIVATE_SECTIONS as readonly string[]).includes(s)),
    };
  }

  return {
    /** The member's avatar image, or null (the header shows their initial then). */
    avatarOf(id: number): Promise<string | null> {
      return members.avatarOf(id);
    },

    /** An active member's profile; not_found for unknown, unconfirmed and suspended members. */
    async get(id: number): Promise<MemberProfile> {
      const r = await members.profile(id);
      if (!r) throw new AppError('member_not_found', { status: 404, message: 'Member not found' });
      return toProfile(r);
    },

    canView(profile: MemberProfile, section: MemberPrivateSection, viewerId: number | null): boolean {
      return viewerId === profile.id || !profile.privateSections.includes(section);
    },

    /** Throws permission_denied (403) unless the viewer may read that section of the member's pages. */
    async assertCanView(
      memberId: number,
      section: MemberPrivateSection,
      viewerId: number | null,
    ): Promise<MemberProfile> {
      const profile = await this.get(memberId);
      if (!this.canView(profile, section, viewerId)) throw permissionDenied();
      return profile;
    },

    /** Accepted friends, newest friendship first. */
    async friends(memberId: number, page: number): Promise<Listing<MemberThumb>> {
      const today = new Date(clock.now() * 1000);
      const total = await members.friendCount(memberId);
      const offset = (page - 1) * FRIENDS_PAGE_SIZE;
      const rows = offset < total ? await members.friends(memberId, FRIENDS_PAGE_SIZE, offset) : [];
      return {
        items: rows.map((m) => toMemberThumb(m, today)),
        totalCount: total,
        page,
        pages: Math.ceil(total / FRIENDS_PAGE_SIZE),
      };
    },

    /** Everything the member subscribes to, newest first; targets that are gone are left out. */
    async subscriptions(memberId: number): Promise<MemberSubscription[]> {
      const rows = await members.subscriptions(memberId);
      const out: MemberSubscription[] = [];
      for (const r of rows) {
        const id = r.object_id;
        if (r.section === 'model' && r.model_dir !== null)
          out.push({
            section: 'model',
            id,
            dir: r.model_dir,
            title: r.model_title ?? '',
            scr: modelImageUrl(r.model_scr) || null,
            videos: r.model_videos ?? 0,
          });
        else if (r.section === 'member' && r.member_name !== null)
          out.push({
            section: 'member',
            id,
            name: r.member_name,
            avatar: r.member_avatar,
            videos: r.member_videos ?? 0,
          });
        else if (r.section === 'channel' && r.channel_dir !== null)
          out.push({
            section: 'channel',
            id,
            dir: r.channel_dir,
            title: r.channel_title ?? '',
            videos: r.channel_videos ?? 0,
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
