import { isLang } from '@vt/i18n';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Config } from '../config';
import { clientIp } from '../lib/client-ip';
import { clearSessionCookie, isSecure, readSessionToken, writeSessionCookie } from '../lib/session-cookie';
import { formFields, ok } from './form';
import { legacyError } from './legacy-response';

/**
 * Account entry (paths not shown by the spec; docs/api/auth.md): login and register take `usr` and `pwd`
 * like the spec says, logout clears the session cookie, restore mails a link and then sets the password.
 */
export function authLegacy(config: Pick<Config, 'publicOrigin' | 'trustProxy'>) {
  const app = new Hono<AppEnv>();
  app.onError((err, c) => legacyError(c, err));
  const lang = (c: { var: { lang: string } }) => (isLang(c.var.lang) ? c.var.lang : 'en');

  app.post('/api/login.php', async (c) => {
    const form = await formFields(c);
    const r = await c.var.services.auth.login({
      usr: form.usr,
      pwd: form.pwd,
      ip: clientIp(c, config.trustProxy),
      userAgent: c.req.header('user-agent') ?? null,
    });
    writeSessionCookie(c, r.token, r.expiresAt, isSecure(c, config));
    return ok(c, { member: { _id: r.member.id, name: r.member.name } });
  });

  app.post('/api/register.php', async (c) => {
    const form = await formFields(c);
    await c.var.services.auth.register({ usr: form.usr, pwd: form.pwd, email: form.email, lang: lang(c) });
    return ok(c, { confirm: true });
  });

  app.post('/api/logout.php', (c) => {
    const token = readSessionToken(c);
    if (token) c.var.services.sessions.invalidate(token);
    clearSessionCookie(c, isSecure(c, config));
    return ok(c);
  });

  /** `email` asks for a link; `token` + `pwd` (from the link's page) set the new password. */
  app.post('/api/restore.php', async (c) => {
    const form = await formFields(c);
    if (form.token !== undefined) await c.var.services.auth.restore({ token: form.token, pwd: form.pwd });
    else await c.var.services.auth.requestRestore({ email: form.email, lang: lang(c) });
    return ok(c);
  });

  /** The development outbox (MAIL_TRANSPORT=outbox only): sent mail, newest first. */
  app.get('/dev/mail.json', (c) => {
    const outbox = c.var.services.mailer.outbox;
    if (!outbox) return c.notFound();
    return c.json(outbox(), 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
