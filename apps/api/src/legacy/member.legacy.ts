import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import { requireMember } from '../services/shared/errors';
import { ok } from './form';
import { legacyError } from './legacy-response';

/**
 * `POST /api/member.php` (spec §7; docs/api/member.md): the member's own profile. `section=profile`
 * (the spec §3 fields), `section=privacy` (private_sections, comma list), and multipart `section=avatar`
 * or `section=cover` with the image in `file`.
 */
export function memberLegacy() {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err, { notify: true }));

  app.post('/api/member.php', async (c) => {
    const me = requireMember(c.var.viewer.memberId);
    const body = await c.req.parseBody();
    const field = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    const s = c.var.services.profileEdit;
    switch (field('section') ?? 'profile') {
      case 'profile': {
        const form: Record<string, string | undefined> = {};
        for (const k of Object.keys(body)) form[k] = field(k);
        return ok(c, await s.update(me, form));
      }
      case 'privacy':
        return ok(c, await s.setPrivacy(me, (field('private_sections') ?? '').split(',').filter(Boolean)));
      case 'avatar':
      case 'cover': {
        const kind = field('section') as 'avatar' | 'cover';
        const file = body.file;
        if (!(file instanceof File))
          throw new AppError('required', { field: kind, message: 'This field is required' });
        return ok(c, await s.setImage(me, kind, new Uint8Array(await file.arrayBuffer())));
      }
      default:
        throw new AppError('bad_section', { field: 'section' });
    }
  });

  return app;
}
