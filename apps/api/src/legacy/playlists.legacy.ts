import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { PLAYLIST_SORTS, type PlaylistThumb } from '../services/playlists/playlist.service';
import { MAX_PAGE } from '../services/videos/video-listing.service';
import { legacyError, memberOwnedJson } from './legacy-response';
import { BadSegment, int, oneOf, parseBucketed, parseGender, parseLifetime, splitDots } from './paths';
import type { ResponseCache } from './response-cache';

const SECTIONS = ['all', 'member'] as const;

export const legacyPlaylist = (p: PlaylistThumb) => ({
  playlist_id: p.id,
  title: p.title,
  description: p.description,
  videos_count: p.videosCount,
  viewed: p.viewed,
  scr: p.scr,
  owner: { _id: p.owner.id, name: p.owner.name },
  user: { _id: p.owner.id, name: p.owner.name },
});

/** Spec §7 playlist paths; tokens per the conventions file. */
export function playlistsLegacy(cache: ResponseCache) {
  const app = new Hono<AppEnv>();

  app.onError((err, c) => legacyError(c, err));

  app.get('/api/json/playlists/:lifetime/:sort/:count/:tail', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const sort = oneOf(c.req.param('sort'), PLAYLIST_SORTS, 'sort');
    const count = int(c.req.param('count'), 'count', 1, 100);
    const tail = c.req.param('tail');
    if (!tail.endsWith('.json')) throw new BadSegment('path');
    const [sectionRaw, pageRaw, genderRaw, objectId] = splitDots(tail.slice(0, -5), 4);
    const section = oneOf(sectionRaw, SECTIONS, 'section');
    const page = int(pageRaw, 'page', 1, MAX_PAGE);
    const gender = parseGender(genderRaw);
    let memberId: number | undefined;
    if (section === 'member') memberId = int(objectId, 'object_id', 1, 2_000_000_000);
    else if (objectId !== '') throw new BadSegment('object_id');
    return memberOwnedJson(c, cache, lifetime, async () => {
      const r = await c.var.services.playlists.list({ gender, sort, count, page, memberId });
      return { playlists: r.items.map(legacyPlaylist), total_count: r.totalCount };
    });
  });

  app.get('/api/json/playlist/:lifetime/:bucket/:file', (c) => {
    const lifetime = parseLifetime(c.req.param('lifetime'));
    const file = c.req.param('file');
    if (!file.endsWith('.json')) throw new BadSegment('path');
    const id = parseBucketed(c.req.param('bucket'), file.slice(0, -5));
    return memberOwnedJson(c, cache, lifetime, async () => {
      // Shared caches only ever hold public playlists: an owner's view of a private one is not cached here.
      const p = await c.var.services.playlists.get(id, null);
      return {
        playlist: {
          ...legacyPlaylist(p),
          private: p.isPrivate ? 1 : 0,
          orientation: p.orientation,
          // Spec §3 names it `owner`; `user` stays for clients that read it.
          owner: { _id: p.owner.id, name: p.owner.name, avatar: p.owner.avatar },
          user: { _id: p.owner.id, name: p.owner.name, avatar: p.owner.avatar },
        },
      };
    });
  });

  return app;
}
