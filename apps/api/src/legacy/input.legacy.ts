import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import { FRIEND_ACTIONS } from '../services/community/friends.service';
import { VOTE_SECTIONS } from '../services/community/votes.service';
import { requireMember } from '../services/shared/errors';
import { formFields, ok } from './form';
import { formId, formOneOf } from './form-values';
import { legacyError } from './legacy-response';

/**
 * `POST /api/input.php` (spec §7): the member list, playlist, friend, vote and wall acts; docs/api/input.md.
 * Every act needs a session (401 auth_error) and acts only as the signed-in member: a posted `_id` is ignored.
 */
export function inputLegacy() {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err, { notify: true }));

  app.post('/api/input.php', async (c) => {
    const form = await formFields(c);
    const me = requireMember(c.var.viewer.memberId);
    const s = c.var.services;
    const videoId = () => formId(form, form.video_id !== undefined ? 'video_id' : 'object_id');
    const playlistId = () => formId(form, 'playlist_id' in form ? 'playlist_id' : 'object_id');
    const listSection = () => {
      // Spec §6: albums cannot be added to lists.
      if ((form.section ?? 'video') !== 'video')
        throw new AppError('albums_not_allowed', {
          field: 'section',
          message: 'Albums cannot be added to lists',
        });
    };
    switch (form.act) {
      case 'favourite':
      case 'watch_later': {
        listSection();
        const list = form.act === 'favourite' ? 'favourites' : 'watch_later';
        return ok(c, await s.lists.add(me, list, videoId()));
      }
      case 'favourite_del':
      case 'watch_later_del':
        return ok(
          c,
          await s.lists.remove(me, form.act === 'favourite_del' ? 'favourites' : 'watch_later', videoId()),
        );
      case 'playlist_add':
        listSection();
        return ok(
          c,
          await s.playlistEdit.addVideo(me, formId(form, 'playlist_id'), formId(form, 'video_id')),
        );
      case 'playlist_del':
        return ok(
          c,
          await s.playlistEdit.removeVideo(me, formId(form, 'playlist_id'), formId(form, 'video_id')),
        );
      case 'playlist_new': {
        await s.limits.hit(['playlistCreate', me]);
        const r = await s.playlistEdit.create(me, form);
        // Optionally with the video the add-to modal was opened for.
        if (form.video_id) await s.playlistEdit.addVideo(me, r.playlistId, formId(form, 'video_id'));
        return ok(c, { code: r.code, playlist_id: r.playlistId });
      }
      case 'playlist_upd':
        return ok(c, await s.playlistEdit.update(me, playlistId(), form));
      case 'playlist_delete':
        return ok(c, await s.playlistEdit.remove(me, playlistId()));
      case 'friends': {
        const type = formOneOf(form, 'type', FRIEND_ACTIONS, 'request');
        // Answering, declining and removing are the member's own business; asking strangers is what spams.
        if (type === 'request') await s.limits.hit(['friendRequest', me]);
        return ok(c, await s.friends.act(me, formId(form, 'object_id'), type));
      }
      case 'vote': {
        const section = formOneOf(form, 'section', VOTE_SECTIONS, 'video');
        const vote = formOneOf(form, 'vote', ['0', '1'] as const);
        await s.limits.hit(['vote', me]);
        return ok(c, await s.votes.vote(me, section, formId(form, 'object_id'), vote === '1' ? 1 : 0));
      }
      case 'wall': {
        const section = formOneOf(form, 'section', ['member', 'model'] as const);
        await s.limits.hit(['wallPost', me]);
        const r = await s.wall.post(me, section, formId(form, 'object_id'), form.msg);
        return ok(c, { code: 'wall_posted', post_id: r.postId });
      }
      default:
        throw new AppError('unsupported_act', { field: 'act' });
    }
  });

  return app;
}
