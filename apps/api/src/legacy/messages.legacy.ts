import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { AppError } from '../lib/app-error';
import { requireMember } from '../services/shared/errors';
import { formFields, ok } from './form';
import { formId } from './form-values';
import { legacyError } from './legacy-response';

/**
 * `POST /api/messages.php` (spec §7; docs/api/messages.md): `act=send` (to, msg), `act=delete`
 * (message_id). Reading goes through the signed-in tRPC procedures (`private, no-store`).
 */
export function messagesLegacy() {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err, { notify: true }));

  app.post('/api/messages.php', async (c) => {
    const form = await formFields(c);
    const me = requireMember(c.var.viewer.memberId);
    const s = c.var.services.messages;
    switch (form.act ?? 'send') {
      case 'send': {
        await c.var.services.limits.hit(['message', me]);
        const r = await s.send(me, formId(form, 'to'), form.msg);
        return ok(c, { code: r.code, message_id: r.messageId });
      }
      case 'delete':
        return ok(c, await s.remove(me, formId(form, 'message_id')));
      default:
        throw new AppError('unsupported_act', { field: 'act' });
    }
  });

  return app;
}
