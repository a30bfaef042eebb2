import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { MemberProfile, MemberSubscription } from '../services/members/member.dto';
import type { MemberThumb } from '../services/members/member-directory.service';
import { MEMBER_VIDEO_LISTS, VIDEO_LIST_PRIVACY } from '../services/members/member-profile.service';
import { MAX_PAGE, unfilteredQuery } from '../services/videos/video-listing.service';
import { legacyAlbumThumb } from './albums.legacy';
import { legacyError, memberOwnedJson } from './legacy-response';
import { BadSegment, int, oneOf, parseBucketed, parseGender, parseLifetime } from './paths';
import { legacyPlaylist } from './playlists.legacy';
import type { ResponseCache } from './response-cache';
import { sqlDate } from './sql-date';
import { legacyThumb } from './video-shape';

const SECTIONS = ['info', 'wall', 'friends', 'subscriptions', 'videos', 'albums', 'playlists'] as const;
const LIST_PAGE_SIZE = 60;

/** Spec §3 Member fields, plus the public counters. */
function legacyMember(m: MemberProfile) {
  return {
    _id: m.id,
    name: m.name,
    avatar: m.avatar,
    cover: m.cover,
    gender: m.gender,
    age: m.age,
    birth_date: m.birthDate,
    relationship: m.relationship,
    orientation: m.orientation,
    education: m.education,
    website: m.website,
    country: m.country,
    city: m.city,
    occupation: m.occupation,
    interests: m.interests,
    about: m.about,
    added_date: sqlDate(m.joinedAt),
    statistics: { videos: m.videos, subscribers: m.subscribers, viewed: m.views, friends: m.friends },
    private_sections: m.privateSections,
  };
}

export const legacyMemberThumb = (m: MemberThumb) => ({
  _id: m.id,
  name: m.name,
  avatar: m.avatar,
  country: m.country,
  age: m.age,
  gender: m.gender,
});

function legacySubscription(s: MemberSubscription) {
  switch (s.section) {
    case 'model':
      return {
        section: 'model',
        object_id: s.id,
        dir: s.dir,
        title: s.title,
        scr: s.scr,
        total_videos: s.videos,
      };
    case 'member':
      return { section: 'member', object_id: s.id, name: s.name, avatar: s.avatar, total_videos: s.videos };
    case 'channel':
      return { section: 'channel', object_id: s.id, dir: s.dir, title: s.title, total_videos: s.videos };
  }
}

/**
 * Others' member pages (docs/api/member-pages.md). Shared caches only ever hold what any visitor may see:
 * sections a member keeps private answer 403 permission_denied here, and errors are never cached.
 */
export function memberPagesLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/member/:lifetime/:section/:bucket/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const section = oneOf(c.req.param('section'), SECTIONS, 'section');
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const id = parseBucketed(c.req.param('bucket'), file.slice(0, -5));
    const q = (name: string) => c.req.query(name);
    const page = q('page') === undefined ? 1 : int(q('page')!, 'page', 1, MAX_PAGE);
    const gender = parseGender(q('gender') ?? 'straight');
    const list = oneOf(q('type') ?? 'uploaded', MEMBER_VIDEO_LISTS, 'type');
    const s = c.var.services;
    return memberOwnedJson(c, cache, lifetime, async () => {
      switch (section) {
        case 'info':
          return { member: legacyMember(await s.profiles.get(id)) };
        case 'wall': {
          await s.profiles.assertCanView(id, 'wall', null);
          const r = await s.wall.page('member', id, page);
          return {
            wall: r.items.map((w) => ({
              id: w.id,
              _id: w.author.id,
              name: w.author.name,
              avatar: w.author.avatar,
              message: w.body,
              added_date: sqlDate(w.createdAt),
            })),
            total_count: r.totalCount,
          };
        }
        case 'friends': {
          await s.profiles.assertCanView(id, 'friends', null);
          const r = await s.profiles.friends(id, page);
          return { members: r.items.map(legacyMemberThumb), total_count: r.totalCount };
        }
        case 'subscriptions': {
          await s.profiles.assertCanView(id, 'subscriptions', null);
          const items = await s.profiles.subscriptions(id);
          return { subscriptions: items.map(legacySubscription), total_count: items.length };
        }
        case 'videos': {
          const guard = VIDEO_LIST_PRIVACY[list];
          if (guard) await s.profiles.assertCanView(id, guard, null);
          else await s.profiles.get(id);
          const r = await s.listing.list(
            unfilteredQuery({
              gender,
              count: LIST_PAGE_SIZE,
              page,
              target: { section: 'member', memberId: id, list },
            }),
          );
          return { videos: r.items.map(legacyThumb), total_count: r.totalCount };
        }
        case 'albums': {
          await s.profiles.get(id);
          const r = await s.albums.list({
            gender,
            sort: 'latest-updates',
            count: LIST_PAGE_SIZE,
            page,
            target: { section: 'member', memberId: id },
          });
          return { albums: r.items.map(legacyAlbumThumb), total_count: r.totalCount };
        }
        case 'playlists': {
          await s.profiles.get(id);
          const r = await s.playlists.list({
            gender,
            sort: 'recent',
            count: LIST_PAGE_SIZE,
            page,
            memberId: id,
          });
          return { playlists: r.items.map(legacyPlaylist), total_count: r.totalCount };
        }
      }
    });
  });

  /** What a member subscribes to: models, uploaders and channels, newest first. */
  app.get('/api/json/subscriptions/:lifetime/:bucket/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const id = parseBucketed(c.req.param('bucket'), file.slice(0, -5));
    return memberOwnedJson(c, cache, lifetime, async () => {
      await c.var.services.profiles.assertCanView(id, 'subscriptions', null);
      const items = await c.var.services.profiles.subscriptions(id);
      return { subscriptions: items.map(legacySubscription), total_count: items.length };
    });
  });

  return app;
}
