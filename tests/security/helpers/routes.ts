/**
 * The route catalogue of the offensive suite: every state-changing route of the app, with a body that
 * would really act (so a refusal proves the defence, not a validation error), and every read path shape
 * the fuzz attacks. catalogue.test.ts fails when the app gains a route or an act that is not listed here.
 */

/** Who a route serves: `staff` routes answer members like a missing page. */
export type Need = 'none' | 'member' | 'staff' | 'admin';

/** Ids of real objects, made by the world helper, that the bodies below point at. */
export interface Fixtures {
  /** A listed video, an active member other than the caller, a model, a listed album. */
  videoId: number;
  otherMemberId: number;
  modelId: number;
  albumId: number;
  /** The caller's own objects. */
  playlistId: number;
  messageId: number;
  commentId: number;
  ownVideoId: number;
  ownAlbumId: number;
  /** A photo of the caller's album. */
  ownPhotoId: number;
  uploadId: string;
  /** A video waiting for moderation. */
  pendingVideoId: number;
  /** One of the caller's notifications. */
  notificationId: number;
  /** An image any image check accepts (JPEG, 1300×400). */
  image: Uint8Array;
}

export type Body =
  | { kind: 'form'; fields: Record<string, string> }
  | { kind: 'multipart'; fields: Record<string, string>; files?: Record<string, Uint8Array> }
  | { kind: 'json'; value: unknown }
  | { kind: 'none' };

export interface WriteRoute {
  /** `${method} ${path}` as Hono's `app.routes` lists the handler that answers it. */
  route: string;
  /** What this entry attacks, in test names: the path plus the act it dispatches to. */
  name: string;
  method: 'POST' | 'PATCH' | 'DELETE';
  url: string;
  body: Body;
  headers?: Record<string, string>;
  need: Need;
}

/** Legacy POST adapters that dispatch on a field: the source file and the field's values. */
export const DISPATCH: { route: string; file: string; variants: string[] }[] = [
  {
    route: 'POST /api/input.php',
    file: 'apps/api/src/legacy/input.legacy.ts',
    variants: [
      'favourite',
      'watch_later',
      'favourite_del',
      'watch_later_del',
      'playlist_add',
      'playlist_del',
      'playlist_new',
      'playlist_upd',
      'playlist_delete',
      'friends',
      'vote',
      'wall',
    ],
  },
  {
    route: 'POST /api/messages.php',
    file: 'apps/api/src/legacy/messages.legacy.ts',
    variants: ['send', 'delete'],
  },
  {
    route: 'POST /api/member.php',
    file: 'apps/api/src/legacy/member.legacy.ts',
    variants: ['profile', 'privacy', 'avatar', 'cover'],
  },
  {
    route: 'POST /api/album_edit.php',
    file: 'apps/api/src/legacy/album-edit.legacy.ts',
    variants: ['create', 'photo'],
  },
  {
    route: 'POST /api/video_edit.php',
    file: 'apps/api/src/legacy/video-edit.legacy.ts',
    variants: ['preview', 'edit', 'upload'],
  },
  {
    route: 'POST /api/stats.php',
    file: 'apps/api/src/legacy/stats.legacy.ts',
    variants: ['view', 'subscribe', 'unsubscribe', 'vote', 'comm'],
  },
];

/**
 * Routes registered for every method whose non-GET requests are not writes of their own: middleware,
 * the tRPC endpoint (its mutations are listed procedure by procedure) and the pages (the web app has no
 * route actions, so a POST to a page changes nothing).
 */
export const NOT_WRITES: Record<string, string> = {
  'ALL /*': 'middleware (request context, Origin check, headers) and the SSR pages (no route actions)',
  'ALL /trpc/*': 'tRPC endpoint: see trpcMutations()',
  'ALL /api/moderation/*': 'the staff role check in front of the staff-only files (all GET)',
};

const form = (fields: Record<string, string>): Body => ({ kind: 'form', fields });

const tusHeaders = (meta: Record<string, string>) => ({
  'tus-resumable': '1.0.0',
  'upload-length': '1024',
  'upload-metadata': Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(','),
});

/** Every legacy and tus write, one entry per act, each with a body that would act. */
export function legacyWrites(fx: Fixtures): WriteRoute[] {
  const post = (
    route: string,
    name: string,
    body: Body,
    need: Need = 'member',
    url = route.slice('POST '.length),
  ): WriteRoute => ({ route, name, method: 'POST', url, body, need });
  const input = (act: string, fields: Record<string, string>) =>
    post('POST /api/input.php', `input.php act=${act}`, form({ act, ...fields }));
  const video = String(fx.videoId);
  const playlist = String(fx.playlistId);
  return [
    post('POST /api/login.php', 'login.php', form({ usr: 'mallory', pwd: 'secret-pass' }), 'none'),
    post(
      'POST /api/register.php',
      'register.php',
      form({ usr: 'newcomer', pwd: 'a-good-password', email: 'newcomer@example.test' }),
      'none',
    ),
    post('POST /api/logout.php', 'logout.php', { kind: 'none' }, 'none'),
    post('POST /api/restore.php', 'restore.php request', form({ email: 'alice@example.test' }), 'none'),
    post(
      'POST /api/restore.php',
      'restore.php reset',
      form({ token: 'x'.repeat(40), pwd: 'another-pass' }),
      'none',
    ),
    post('POST /api/age/accept', 'age/accept', { kind: 'none' }, 'none'),
    post(
      'POST /api/report.php',
      'report.php',
      {
        kind: 'multipart',
        fields: {
          subject: 'inappropriate',
          email: 'a@example.test',
          message: 'Look at this',
          video_id: video,
        },
      },
      'none',
    ),
    input('favourite', { video_id: video }),
    input('watch_later', { video_id: video }),
    input('favourite_del', { video_id: video }),
    input('watch_later_del', { video_id: video }),
    input('playlist_add', { playlist_id: playlist, video_id: video }),
    input('playlist_del', { playlist_id: playlist, video_id: video }),
    input('playlist_new', {
      title: 'Sneaky list',
      desc: 'Made by another site',
      visible: '1',
      orientation: 'straight',
    }),
    input('playlist_upd', {
      playlist_id: playlist,
      title: 'Renamed list',
      desc: 'Renamed by another site',
      visible: '1',
      orientation: 'straight',
    }),
    input('playlist_delete', { playlist_id: playlist }),
    input('friends', { object_id: String(fx.otherMemberId), type: 'request' }),
    input('vote', { object_id: video, vote: '1', section: 'video' }),
    input('wall', { section: 'member', object_id: String(fx.otherMemberId), msg: 'Hello from elsewhere' }),
    post(
      'POST /api/messages.php',
      'messages.php act=send',
      form({ act: 'send', to: String(fx.otherMemberId), msg: 'Hi' }),
    ),
    post(
      'POST /api/messages.php',
      'messages.php act=delete',
      form({ act: 'delete', message_id: String(fx.messageId) }),
    ),
    post(
      'POST /api/member.php',
      'member.php section=profile',
      form({ section: 'profile', city: 'Elsewhere' }),
    ),
    post(
      'POST /api/member.php',
      'member.php section=privacy',
      form({ section: 'privacy', private_sections: 'wall' }),
    ),
    post('POST /api/member.php', 'member.php section=avatar', {
      kind: 'multipart',
      fields: { section: 'avatar' },
      files: { file: fx.image },
    }),
    post('POST /api/member.php', 'member.php section=cover', {
      kind: 'multipart',
      fields: { section: 'cover' },
      files: { file: fx.image },
    }),
    post('POST /api/album_edit.php', 'album_edit.php act=create', {
      kind: 'multipart',
      fields: { act: 'create', title: 'Sneaky album', desc: 'x', adult: '1' },
    }),
    post('POST /api/album_edit.php', 'album_edit.php act=photo', {
      kind: 'multipart',
      fields: { act: 'photo', album_id: String(fx.ownAlbumId) },
      files: { file: fx.image },
    }),
    post('POST /api/video_edit.php', 'video_edit.php act=preview', {
      kind: 'multipart',
      fields: { act: 'preview' },
      files: { preview: fx.image },
    }),
    post('POST /api/video_edit.php', 'video_edit.php act=edit', {
      kind: 'multipart',
      fields: { act: 'edit', video_id: String(fx.ownVideoId), title: 'Defaced title', desc: 'x' },
    }),
    post('POST /api/video_edit.php', 'video_edit.php upload', {
      kind: 'multipart',
      fields: { title: 'Sneaky upload', adult: '1' },
      files: { file: new Uint8Array(2048) },
    }),
    post('POST /api/stats.php', 'stats.php act=view', form({ act: 'view', object_id: video }), 'none'),
    post(
      'POST /api/stats.php',
      'stats.php act=subscribe',
      form({ act: 'subscribe', section: 'member', object_id: String(fx.otherMemberId) }),
    ),
    post(
      'POST /api/stats.php',
      'stats.php act=unsubscribe',
      form({ act: 'unsubscribe', section: 'model', object_id: String(fx.modelId) }),
    ),
    post(
      'POST /api/stats.php',
      'stats.php act=vote',
      form({ act: 'vote', section: 'album', object_id: String(fx.albumId), vote: '0' }),
    ),
    post(
      'POST /api/stats.php',
      'stats.php act=comm',
      form({ act: 'comm', section: 'video', object_id: video, msg: 'Nice one' }),
    ),
    {
      route: 'ALL /api/upload',
      name: 'tus POST /api/upload',
      method: 'POST',
      url: '/api/upload',
      body: { kind: 'none' },
      headers: tusHeaders({ filename: 'clip.mp4', title: 'Sneaky tus upload', adult: '1' }),
      need: 'member',
    },
    {
      route: 'ALL /api/upload/*',
      name: 'tus PATCH /api/upload/{id}',
      method: 'PATCH',
      url: `/api/upload/${fx.uploadId}`,
      body: { kind: 'none' },
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      need: 'member',
    },
    {
      route: 'ALL /api/upload/*',
      name: 'tus DELETE /api/upload/{id}',
      method: 'DELETE',
      url: `/api/upload/${fx.uploadId}`,
      body: { kind: 'none' },
      headers: { 'tus-resumable': '1.0.0' },
      need: 'member',
    },
  ];
}

/** Every tRPC mutation with an input that would act. */
export function trpcMutations(fx: Fixtures): { procedure: string; input: unknown; need: Need }[] {
  const key = `video:${fx.pendingVideoId}`;
  return [
    { procedure: 'auth.confirm', input: { token: 'x'.repeat(40) }, need: 'none' },
    { procedure: 'auth.confirmEmail', input: { token: 'x'.repeat(40) }, need: 'none' },
    {
      procedure: 'account.changePassword',
      input: { current: 'secret-pass', pwd: 'brand-new-reels-9' },
      need: 'member',
    },
    {
      procedure: 'account.changeEmail',
      input: { current: 'secret-pass', email: 'moved@example.test' },
      need: 'member',
    },
    { procedure: 'account.revokeSession', input: { key: '0'.repeat(16) }, need: 'member' },
    { procedure: 'account.signOutOthers', input: undefined, need: 'member' },
    { procedure: 'account.delete', input: { pwd: 'secret-pass', comments: 'remove' }, need: 'member' },
    {
      procedure: 'playlists.move',
      input: { playlistId: fx.playlistId, videoId: fx.videoId, direction: 'down' },
      need: 'member',
    },
    {
      procedure: 'albums.update',
      input: { id: fx.ownAlbumId, title: 'Renamed album', desc: 'New words' },
      need: 'member',
    },
    { procedure: 'albums.removePhoto', input: { id: fx.ownAlbumId, photoId: fx.ownPhotoId }, need: 'member' },
    {
      procedure: 'albums.movePhoto',
      input: { id: fx.ownAlbumId, photoId: fx.ownPhotoId, direction: 'down' },
      need: 'member',
    },
    { procedure: 'albums.setCover', input: { id: fx.ownAlbumId, photoId: fx.ownPhotoId }, need: 'member' },
    { procedure: 'albums.delete', input: { id: fx.ownAlbumId }, need: 'member' },
    { procedure: 'stats.view', input: { videoId: fx.videoId }, need: 'none' },
    { procedure: 'stats.albumView', input: { albumId: fx.albumId }, need: 'none' },
    { procedure: 'me.readNotifications', input: undefined, need: 'member' },
    { procedure: 'notifications.read', input: { id: fx.notificationId }, need: 'member' },
    { procedure: 'notifications.readAll', input: undefined, need: 'member' },
    {
      procedure: 'notifications.savePrefs',
      input: { muted: ['messages'], digest: true },
      need: 'member',
    },
    { procedure: 'me.savePosition', input: { videoId: fx.videoId, position: 30 }, need: 'member' },
    {
      procedure: 'uploads.edit',
      input: {
        videoId: fx.ownVideoId,
        title: 'Edited title',
        description: '',
        categories: [],
        models: [],
        preview: { kind: 'keep' },
      },
      need: 'member',
    },
    { procedure: 'uploads.delete', input: { videoId: fx.ownVideoId }, need: 'member' },
    {
      procedure: 'provenance.setOwn',
      input: { videoId: fx.pendingVideoId, record: { decade: '1960', studio: 'Lantern Reel Pictures' } },
      need: 'member',
    },
    {
      procedure: 'provenance.set',
      input: { videoId: fx.videoId, record: { year: '1974', originalFormat: '16mm' } },
      need: 'staff',
    },
    { procedure: 'moderation.approve', input: { keys: [key] }, need: 'staff' },
    { procedure: 'moderation.reject', input: { keys: [key], reason: 'other', note: 'x' }, need: 'staff' },
    { procedure: 'moderation.dismiss', input: { key: { section: 'video', id: fx.videoId } }, need: 'staff' },
    { procedure: 'moderation.takeDown', input: { videoId: fx.videoId }, need: 'staff' },
    { procedure: 'moderation.deleteComment', input: { commentId: fx.commentId }, need: 'staff' },
    {
      procedure: 'moderation.setCaptions',
      input: { videoId: fx.videoId, lang: 'en', vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n' },
      need: 'staff',
    },
    { procedure: 'moderation.removeCaptions', input: { videoId: fx.videoId }, need: 'staff' },
    {
      procedure: 'moderation.rerunRestoration',
      input: { videoId: fx.pendingVideoId, fields: 'auto', crop: 'off', loudness: 'auto' },
      need: 'staff',
    },
    { procedure: 'moderation.ban', input: { memberId: fx.otherMemberId }, need: 'staff' },
    { procedure: 'moderation.unban', input: { memberId: fx.otherMemberId }, need: 'staff' },
    {
      procedure: 'moderation.createTakedown',
      input: {
        claimant: 'Claimant',
        claimantEmail: 'c@example.test',
        work: 'My film',
        urls: [`/videos/${fx.videoId}/x/`],
      },
      need: 'staff',
    },
    // Appeals (ADR 0037): the uploader's of a removal, the requester's by the mailed token, the decision.
    {
      procedure: 'appeals.appealRemoval',
      input: { videoId: fx.ownVideoId, statement: 'This is my own test pattern.' },
      need: 'member',
    },
    {
      procedure: 'appeals.appealRejection',
      input: { token: 'x'.repeat(32), statement: 'I am the person shown here.' },
      need: 'none',
    },
    {
      procedure: 'moderation.decideAppeal',
      input: { appealId: 1, reverse: false, note: 'x' },
      need: 'staff',
    },
    {
      procedure: 'moderation.setModerator',
      input: { memberId: fx.otherMemberId, moderator: true },
      need: 'admin',
    },
    // Version groups (ADR 0035): moderators only; the other video by id or URL.
    {
      procedure: 'versions.add',
      input: { videoId: fx.videoId, ref: String(fx.pendingVideoId), mode: 'listed', asCanonical: true },
      need: 'staff',
    },
    { procedure: 'versions.makeCanonical', input: { videoId: fx.videoId }, need: 'staff' },
    { procedure: 'versions.ungroup', input: { videoId: fx.videoId }, need: 'staff' },
    // Blocklists and quarantine (ADR 0034): admins only.
    {
      procedure: 'moderation.importBlocklist',
      input: { name: 'Generated list', kind: 'file', text: `${'ab'.repeat(32)}\n` },
      need: 'admin',
    },
    { procedure: 'moderation.removeBlocklist', input: { listId: 1 }, need: 'admin' },
    { procedure: 'moderation.releaseQuarantined', input: { videoId: fx.videoId }, need: 'admin' },
    { procedure: 'moderation.deleteQuarantined', input: { videoId: fx.videoId }, need: 'admin' },
  ];
}

/**
 * Every legacy read path shape (GET), as templates the fuzz fills: `{name}` is a segment it replaces with
 * hostile values, the rest is a valid path. `route` is the Hono path that answers it.
 */
export const READ_SHAPES: { route: string; template: string; valid: Record<string, string> }[] = [
  {
    route: '/api/json/main/:lifetime/:tail',
    template: '/api/json/main/{lifetime}/{gender}.{lang}.json',
    valid: { lifetime: '600', gender: 'straight', lang: 'en' },
  },
  {
    route: '/api/json/videos2/*',
    template:
      '/api/json/videos2/{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.{type}.{duration}.{date}.json',
    valid: {
      lifetime: '0',
      gender: 'straight',
      sort: 'latest-updates',
      count: '10',
      section: 'all',
      object_id: '',
      page: '1',
      type: 'all',
      duration: '0',
      date: 'all',
    },
  },
  {
    route: '/api/json/video/:lifetime/:bucket/:file',
    template: '/api/json/video/{lifetime}/{bucket}/{id}.json?lang={lang}',
    valid: { lifetime: '0', bucket: '0', id: '5', lang: 'en' },
  },
  {
    route: '/api/json/videos_related2/:lifetime/:count/:bucket/:tail',
    template: '/api/json/videos_related2/{lifetime}/{count}/{bucket}/{id}.{type}.{page}.json',
    valid: { lifetime: '0', count: '10', bucket: '0', id: '5', type: 'all', page: '1' },
  },
  { route: '/api/videofile.php', template: '/api/videofile.php?video_id={id}', valid: { id: '5' } },
  {
    route: '/api/json/albums/*',
    template: '/api/json/albums/{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.json',
    valid: {
      lifetime: '0',
      gender: 'straight',
      sort: 'latest-updates',
      count: '10',
      section: 'all',
      object_id: '',
      page: '1',
    },
  },
  {
    route: '/api/json/album/:lifetime/:bucket/:file',
    template: '/api/json/album/{lifetime}/{bucket}/{id}.json?lang={lang}',
    valid: { lifetime: '0', bucket: '0', id: '1', lang: 'en' },
  },
  {
    route: '/api/json/categories/:lifetime/:tail',
    template: '/api/json/categories/{lifetime}/{gender}.{section}.{lang}.json',
    valid: { lifetime: '0', gender: 'straight', section: 'videos', lang: 'en' },
  },
  {
    route: '/api/json/comments/:lifetime/:section/:bucket/:file',
    template: '/api/json/comments/{lifetime}/{section}/{bucket}/{id}.json?page={page}',
    valid: { lifetime: '0', section: 'video', bucket: '0', id: '5', page: '1' },
  },
  {
    route: '/api/json/member/:lifetime/:section/:bucket/:file',
    template:
      '/api/json/member/{lifetime}/{section}/{bucket}/{id}.json?page={page}&type={type}&gender={gender}',
    valid: {
      lifetime: '0',
      section: 'info',
      bucket: '0',
      id: '1',
      page: '1',
      type: 'uploaded',
      gender: 'straight',
    },
  },
  {
    route: '/api/json/subscriptions/:lifetime/:bucket/:file',
    template: '/api/json/subscriptions/{lifetime}/{bucket}/{id}.json',
    valid: { lifetime: '0', bucket: '0', id: '1' },
  },
  {
    route: '/api/json/members/:lifetime/:sort/:count/:filt/:file',
    template:
      '/api/json/members/{lifetime}/{sort}/{count}/filt{country}.{gender}.{age}.{relationship}.{avatar}.{orientation}/{page}.json?s={s}',
    valid: {
      lifetime: '0',
      sort: 'recent',
      count: '10',
      country: '',
      gender: '',
      age: '',
      relationship: '',
      avatar: '',
      orientation: '',
      page: '1',
      s: '',
    },
  },
  {
    route: '/api/json/models/*',
    template: '/api/json/models/{lifetime}/{gender}/{filt}/{sort}/{count}/{page}.json',
    valid: {
      lifetime: '0',
      gender: 'straight',
      sort: 'most-popular',
      count: '10',
      filt: 'filt.........',
      page: '1',
    },
  },
  {
    route: '/api/json/model/:lifetime/:prefix/:file',
    template: '/api/json/model/{lifetime}/{prefix}/{dir}.json',
    valid: { lifetime: '0', prefix: 'a', dir: 'a' },
  },
  {
    route: '/api/json/playlists/:lifetime/:sort/:count/:tail',
    template: '/api/json/playlists/{lifetime}/{sort}/{count}/{section}.{page}.{gender}.{object_id}.json',
    valid: {
      lifetime: '0',
      sort: 'recent',
      count: '10',
      section: 'all',
      page: '1',
      gender: 'straight',
      object_id: '',
    },
  },
  {
    route: '/api/json/playlist/:lifetime/:bucket/:file',
    template: '/api/json/playlist/{lifetime}/{bucket}/{id}.json',
    valid: { lifetime: '0', bucket: '0', id: '1' },
  },
  {
    route: '/api/videos2.php',
    template:
      '/api/videos2.php?params={lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.{type}.{duration}.{date}&s={s}',
    valid: {
      lifetime: '0',
      gender: 'straight',
      sort: 'relevance',
      count: '10',
      section: 'all',
      object_id: '',
      page: '1',
      type: 'all',
      duration: '0',
      date: 'all',
      s: 'vintage',
    },
  },
  {
    route: '/api/suggester.php',
    template: '/api/suggester.php?c={c}&lang={lang}',
    valid: { c: 'ama', lang: 'en' },
  },
  { route: '/api/captcha.php', template: '/api/captcha.php?x={x}', valid: { x: '' } },
  { route: '/api/.g.php', template: '/api/.g.php?code={code}&state={state}', valid: { code: '', state: '' } },
  { route: '/api/age/start', template: '/api/age/start?return={return}', valid: { return: '/' } },
  {
    route: '/api/age/callback',
    template: '/api/age/callback?return={return}&token={token}',
    valid: { return: '/', token: 'x' },
  },
  {
    route: '/api/moderation/timeline/:file{\\d{1,10}\\.vtt}',
    template: '/api/moderation/timeline/{id}.vtt',
    valid: { id: '1' },
  },
  {
    route: '/api/moderation/revision-image/:file{\\d{1,10}\\.jpg}',
    template: '/api/moderation/revision-image/{id}.jpg',
    valid: { id: '1' },
  },
  {
    route: '/api/moderation/restoration-still/:id{\\d{1,10}}/:file{(?:before|after)\\.jpg}',
    template: '/api/moderation/restoration-still/{id}/{which}.jpg',
    valid: { id: '1', which: 'before' },
  },
  {
    route: '/api/moderation/report-file/:id{\\d{1,10}}',
    template: '/api/moderation/report-file/{id}',
    valid: { id: '1' },
  },
  {
    route: '/api/moderation/:file{transparency\\.(?:csv|json)}',
    template: '/api/moderation/transparency.{format}?from={from}&to={to}',
    valid: { format: 'csv', from: '2024-01', to: '2024-12' },
  },
  { route: '/api/upload/*', template: '/api/upload/{id}', valid: { id: 'abc' } },
  {
    route: '/timelines/captions/:bucket/:file',
    template: '/timelines/captions/{bucket}/{id}.{ext}',
    valid: { bucket: '0', id: '1', ext: 'vtt' },
  },
  {
    route: '/timelines/:format/:bucket/:file',
    template: '/timelines/{format}/{bucket}/{id}.{ext}',
    valid: { format: 'vtt', bucket: '0', id: '5', ext: 'vtt' },
  },
  { route: '/thumbs/*', template: '/thumbs/{a}/{b}/{c}', valid: { a: 'uploads', b: '1', c: 'thumb.jpg' } },
  {
    route: '/media/:exp/:sig/:key/*',
    template: '/media/{exp}/{sig}/{key}/{file}',
    valid: { exp: '1', sig: 'x', key: 'test', file: 'master.m3u8' },
  },
  {
    route: '/download/:exp/:sig/:id/:file',
    template: '/download/{exp}/{sig}/{id}/{file}',
    valid: { exp: '1', sig: 'x', id: '5', file: '360p.mp4' },
  },
  {
    route: '/ads/:lang/:zone/:file',
    template: '/ads/{lang}/{zone}/{index}.html',
    valid: { lang: 'en', zone: 'footer', index: '0' },
  },
  { route: '/static/tf/:file', template: '/static/tf/{file}', valid: { file: 'videos.x.json' } },
  { route: '/static/tf/thumbs/:file', template: '/static/tf/thumbs/{file}', valid: { file: 'x.jpg' } },
  {
    route: '/sitemaps/:file{[a-z]+(-[0-9]+)?\\.xml}',
    template: '/sitemaps/{file}.xml',
    valid: { file: 'videos-1' },
  },
];

/** GET routes the fuzz leaves alone, with the reason. */
export const READS_NOT_FUZZED: Record<string, string> = {
  '/healthz': 'no input',
  '/robots.txt': 'no input',
  '/sitemap.xml': 'no input',
  '/dev/mail.json': 'no input; off unless MAIL_OUTBOX_PUBLIC',
  '/api/account/export.json': "no input; the signed-in member's own data only",
  '/api/upload': 'tus endpoint root: no GET of its own',
  '/assets/*': 'static files: path cleaned before join',
  '/:file{[a-z0-9._-]+\\.(ico|png|svg|txt|webmanifest)}': 'static files: the pattern allows no separator',
};
