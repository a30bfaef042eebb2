import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import { safeReturnPath, writeAgeCookie } from '../http/age-cookie';
import type { AppEnv } from '../http/app-env';
import { isSecure } from '../http/session-cookie';

const NONCE_COOKIE = 'age_nonce';
const NONCE_PATH = '/api/age/';

/**
 * The age gate's answers (docs/api/age-gate.md): `accept` for the modal, `start` and `callback` for a
 * redirect provider. Which one is live follows AGE_ASSURANCE; the other answers 403/404.
 */
export function ageGateRoutes(config: Pick<Config, 'publicOrigin' | 'trustProxy'>) {
  const app = new Hono<AppEnv>();

  app.post('/api/age/accept', (c) => {
    const age = c.var.services.ageAssurance;
    // Where the law wants a provider's check, a click is not enough (the country comes from the CDN).
    if (age.methodFor(c.var.requestCountry) !== 'modal')
      return c.json({ error: 'Age assurance required', code: 'age_assurance_required' }, 403);
    writeAgeCookie(c, age.issueCookie('modal'), isSecure(c, config));
    return c.json({ ok: true });
  });

  app.get('/api/age/start', (c) => {
    const age = c.var.services.ageAssurance;
    if (age.provider.method !== 'redirect') return c.json({ error: 'Not found', code: 'not_found' }, 404);
    const back = safeReturnPath(c.req.query('return'));
    const nonce = age.newNonce();
    // The nonce ties the provider's answer to this browser: a token handed to someone else is useless.
    setCookie(c, NONCE_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isSecure(c, config),
      path: NONCE_PATH,
      maxAge: 1800,
    });
    const callbackUrl = `${config.publicOrigin}/api/age/callback?return=${encodeURIComponent(back)}`;
    return c.redirect(age.provider.startUrl({ callbackUrl, nonce }), 302);
  });

  app.get('/api/age/callback', (c) => {
    const age = c.var.services.ageAssurance;
    if (age.provider.method !== 'redirect') return c.json({ error: 'Not found', code: 'not_found' }, 404);
    const back = safeReturnPath(c.req.query('return'));
    const nonce = getCookie(c, NONCE_COOKIE) ?? '';
    deleteCookie(c, NONCE_COOKIE, { path: NONCE_PATH });
    const check = age.verifyCallback(c.req.query('token') ?? '', nonce);
    if (!check.ok) {
      c.var.log.warn({ reason: check.reason }, 'age assurance callback refused');
      // Back to the page, where the gate (still shown) says the check did not succeed.
      return c.redirect(`${back.split('#')[0]}#age-failed`, 303);
    }
    writeAgeCookie(c, age.issueCookie('redirect'), isSecure(c, config));
    return c.redirect(back, 303);
  });

  return app;
}
