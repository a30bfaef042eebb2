import { Hono } from 'hono';
import type { Config } from '../config';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { AppError } from '../lib/app-error';
import { ReportFieldErrors } from '../services/moderation/report-intake.service';
import { ok } from './form';
import { legacyError } from './legacy-response';

/** `{error, code, field?, info?}` for the first problem plus `errors`, the map of every invalid field. */
function reportError(err: AppError) {
  const list = err instanceof ReportFieldErrors ? err.errors : [err];
  const errors: Record<string, { code: string; error: string; info?: unknown }> = {};
  for (const e of list)
    if (e.field && !errors[e.field])
      errors[e.field] = { code: e.code, error: e.message, ...(e.info !== undefined ? { info: e.info } : {}) };
  return { error: err.message, code: err.code, field: err.field, info: err.info, errors };
}

/**
 * The contact form and reports (spec §7; docs/api/report.md): `GET /api/captcha.php` hands out a signed
 * ALTCHA challenge, `POST /api/report.php` (multipart: subject, email, message, captcha, file, referrer,
 * video_id, depicted) answers `{ok: true}` or the error map by field.
 */
export function reportLegacy(config: Pick<Config, 'trustProxy'>) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => {
    if (err instanceof AppError)
      return c.json(reportError(err), err.status as 400, { 'Cache-Control': 'no-store' });
    return legacyError(c, err);
  });

  app.get('/api/captcha.php', async (c) =>
    c.json(await c.var.services.captcha.challenge(), 200, { 'Cache-Control': 'no-store' }),
  );

  app.post('/api/report.php', async (c) => {
    const body = await c.req.parseBody();
    const text = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    const file = body.file instanceof File ? new Uint8Array(await body.file.arrayBuffer()) : null;
    await c.var.services.reports.submit(
      {
        subject: text('subject'),
        email: text('email'),
        message: text('message'),
        referrer: text('referrer'),
        video_id: text('video_id'),
        depicted: text('depicted'),
        signature: text('signature'),
        good_faith: text('good_faith'),
        content_url: text('content_url'),
        captcha: text('captcha') ?? text('altcha'),
        file,
      },
      { memberId: c.var.viewer.memberId, ip: clientIp(c, config.trustProxy), lang: c.var.lang },
    );
    return ok(c);
  });

  return app;
}
