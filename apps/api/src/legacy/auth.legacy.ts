import { isLang } from '@vt/i18n';
import { generateCodeVerifier, generateState } from 'arctic';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { readDeviceToken, writeDeviceCookie } from '../http/device-cookie';
import { clearSessionCookie, isSecure, readSessionToken, writeSessionCookie } from '../http/session-cookie';
import { AppError } from '../lib/app-error';
import { formFields, ok } from './form';
import { legacyError } from './legacy-response';

/**
 * Account entry (paths not shown by the spec; docs/api/auth.md): login and register take `usr` and `pwd`
 * like the spec says, logout clears the session cookie, restore mails a link and then sets the password.
 */
const OAUTH_STATE = 'vt_oauth_state';
const OAUTH_VERIFIER = 'vt_oauth_verifier';

export function authLegacy(config: Pick<Config, 'publicOrigin' | 'trustProxy' | 'mail'>) {
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
      device: readDeviceToken(c),
      sessionMemberId: c.var.viewer.memberId,
    });
    // The session cookie first: clients (and tests) take the first Set-Cookie as the session.
    writeSessionCookie(c, r.token, r.expiresAt, isSecure(c, config));
    writeDeviceCookie(c, r.device.token, r.device.expiresAt, isSecure(c, config));
    return ok(c, { member: { _id: r.member.id, name: r.member.name } });
  });

  app.post('/api/register.php', async (c) => {
    const form = await formFields(c);
    await c.var.services.auth.register({
      usr: form.usr,
      pwd: form.pwd,
      email: form.email,
      adult: form.adult,
      lang: lang(c),
      ip: clientIp(c, config.trustProxy),
    });
    return ok(c, { confirm: true });
  });

  app.post('/api/logout.php', async (c) => {
    const token = readSessionToken(c);
    if (token) await c.var.services.sessions.invalidate(token);
    clearSessionCookie(c, isSecure(c, config));
    return ok(c);
  });

  /** `email` asks for a link; `token` + `pwd` (from the link's page) set the new password. */
  app.post('/api/restore.php', async (c) => {
    const form = await formFields(c);
    if (form.token !== undefined) await c.var.services.auth.restore({ token: form.token, pwd: form.pwd });
    else
      await c.var.services.auth.requestRestore({
        email: form.email,
        lang: lang(c),
        ip: clientIp(c, config.trustProxy),
      });
    return ok(c);
  });

  /**
   * External sign-in (spec §7 `GET /api/.g.php`), only when a provider is configured: without `code` it
   * sends the visitor to the provider (state and PKCE verifier in short-lived cookies); the provider sends
   * them back here with `code`, and a verified email signs in or creates the member.
   */
  app.get('/api/.g.php', async (c) => {
    const external = c.var.services.external;
    if (!external.enabled) return c.json({ error: 'Not found', code: 'not_found' }, 404);
    const secure = isSecure(c, config);
    const cookie = { httpOnly: true, sameSite: 'Lax', secure, path: '/api/', maxAge: 600 } as const;
    const code = c.req.query('code');
    if (!code) {
      const state = generateState();
      const verifier = generateCodeVerifier();
      setCookie(c, OAUTH_STATE, state, cookie);
      setCookie(c, OAUTH_VERIFIER, verifier, cookie);
      return c.redirect(external.authorizationUrl(state, verifier).toString(), 302);
    }
    const state = getCookie(c, OAUTH_STATE);
    const verifier = getCookie(c, OAUTH_VERIFIER);
    deleteCookie(c, OAUTH_STATE, { path: '/api/' });
    deleteCookie(c, OAUTH_VERIFIER, { path: '/api/' });
    if (!state || !verifier || state !== c.req.query('state'))
      return c.redirect('/login/?error=external_auth_failed', 302);
    try {
      const r = await external.signIn(code, verifier, c.req.header('user-agent') ?? null);
      writeSessionCookie(c, r.token, r.expiresAt, secure);
      return c.redirect('/', 302);
    } catch (err) {
      const reason = err instanceof AppError ? err.code : 'external_auth_failed';
      return c.redirect(`/login/?error=${reason}`, 302);
    }
  });

  /**
   * The development outbox: sent mail, newest first. It holds restore links, so it answers only outside
   * production or with MAIL_OUTBOX_PUBLIC=1 (docs/security.md); `npm run mail` reads it from the shell.
   */
  app.get('/dev/mail.json', (c) => {
    const outbox = c.var.services.mailer.outbox;
    if (!outbox || !config.mail.outboxPublic) return c.notFound();
    return c.json(outbox(), 200, { 'Cache-Control': 'no-store' });
  });

  return app;
}
