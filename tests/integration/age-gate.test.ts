import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signCallbackToken } from '../../apps/api/src/services/age-assurance/callback-token';
import { signVerified } from '../../apps/api/src/services/age-assurance/verified-cookie';
import { BOOT_ATTR, DEFERRED_BOOT_SCRIPT } from '../../apps/web/app/lib/deferred-boot';
import { createTestApp, type TestApp } from './helpers/test-app';

/** What would make a browser fetch an image or a video; JSON data in scripts fetches nothing. */
const MEDIA_MARKUP = [/<img\b/, /<video\b/, /\bposter=/, /background-image/i, /<link[^>]+as="image"/];
const hasMedia = (html: string) => MEDIA_MARKUP.some((re) => re.test(html));
const gateShown = (html: string) => html.includes('data-testid="age-gate"');
const visibleHtml = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/g, '');

const setCookie = (res: Response, name: string) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)) ?? null;
const cookiePair = (header: string) => header.split(';')[0];

describe('the age gate (modal, the default)', () => {
  let sut: TestApp;
  let video: { id: number; dir: string; title: string };
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const res = await sut.request(path, { headers });
    return { res, html: await res.text() };
  };

  beforeAll(() => {
    sut = createTestApp({ videos: 60 });
    video = sut.db.$client
      .prepare('SELECT id, dir, title FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1')
      .get() as typeof video;
  });
  afterAll(() => sut.close());

  it('is not shown for a country off the list (this app leaves unknown visitors ungated)', async () => {
    const visitors: Record<string, string>[] = [{}, { 'cf-ipcountry': 'AU' }, { cookie: 'country=jp' }];
    for (const headers of visitors) {
      const { html } = await page('/', headers);
      expect(gateShown(html)).toBe(false);
      expect(html).toMatch(/<img\b[^>]*class="thumb__image"/);
    }
  });

  it("is shown from the trusted CDN header; the visitor's own country cookie changes nothing", async () => {
    expect(gateShown((await page('/', { 'cf-ipcountry': 'DE' })).html)).toBe(true);
    expect(gateShown((await page('/', { cookie: 'country=fr' })).html)).toBe(false);
    expect(gateShown((await page('/', { 'cf-ipcountry': 'US', cookie: 'country=au' })).html)).toBe(true);
    expect(gateShown((await page('/', { 'cf-ipcountry': 'AU', cookie: 'country=de' })).html)).toBe(false);
  });

  it('speaks the chosen UI language if it is ru, fr, de or en, else the country language, else English', async () => {
    const title = async (headers: Record<string, string>) =>
      /class="age-gate__title"[^>]*>([^<]+)</.exec((await page('/', headers)).html)?.[1];
    expect(await title({ 'cf-ipcountry': 'DE' })).toBe('Nur für Erwachsene');
    expect(await title({ 'cf-ipcountry': 'FR' })).toBe('Réservé aux adultes');
    expect(await title({ 'cf-ipcountry': 'DE', cookie: 'lang=ru' })).toBe('Только для взрослых');
    expect(await title({ 'cf-ipcountry': 'DE', cookie: 'lang=es' })).toBe('Nur für Erwachsene');
    expect(await title({ 'cf-ipcountry': 'US' })).toBe('Adults only');
    expect(await title({ 'cf-ipcountry': 'GB', cookie: 'lang=en' })).toBe('Adults only');
  });

  it('keeps every image and video out of the server render, but not the titles and text', async () => {
    const open = await page(`/videos/${video.id}/${video.dir}/`);
    const gated = await page(`/videos/${video.id}/${video.dir}/`, { 'cf-ipcountry': 'DE' });
    expect(open.res.status).toBe(200);
    expect(gated.res.status).toBe(200);
    expect(hasMedia(open.html)).toBe(true);
    expect(hasMedia(gated.html)).toBe(false);
    expect(gated.html).toContain('data-testid="player-held"');
    const escaped = video.title.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');
    expect(visibleHtml(gated.html)).toContain(`<h1`);
    expect(visibleHtml(gated.html)).toContain(escaped);
    expect(gated.html).toMatch(/<title>[^<]+<\/title>/);
    expect(gated.html).toMatch(/<meta name="description" content="[^"]+"/);
    // Structured data for search engines stays exactly as it is without the gate.
    const ld = (html: string) => html.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [];
    expect(ld(gated.html)).toEqual(ld(open.html));

    for (const path of [
      '/',
      '/videos/latest-updates/1/',
      '/albums/latest-updates/1/',
      '/models/most-popular/1/',
    ]) {
      const { res, html } = await page(path, { 'cf-ipcountry': 'DE' });
      expect(res.status, path).toBe(200);
      expect(gateShown(html), path).toBe(true);
      expect(hasMedia(html), path).toBe(false);
    }
    // Placeholders keep the thumbnails' place in the layout.
    expect((await page('/', { 'cf-ipcountry': 'DE' })).html).toContain('data-testid="media-held"');
  });

  it('sends a gated page with its app scripts waiting for the visitor, and allows the script that starts them', async () => {
    const moduleScript = /<script[^>]* type="module"/;
    const open = await page('/videos/latest-updates/1/');
    expect(open.html).toMatch(moduleScript);
    expect(open.html).toContain('rel="modulepreload"');
    expect(open.html).not.toContain(BOOT_ATTR);
    // Twice: the first answer is rendered, the second is the stored page with its scripts' hashes.
    for (const round of [1, 2]) {
      const { res, html } = await page('/videos/latest-updates/1/', { 'cf-ipcountry': 'DE' });
      expect(html, `round ${round}`).not.toMatch(moduleScript);
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).toMatch(
        new RegExp(`<script[^>]* type="text/plain" ${BOOT_ATTR}="/assets/[^"]+\\.js[^"]*">`),
      );
      const boot = html.indexOf(DEFERRED_BOOT_SCRIPT);
      expect(boot).toBeGreaterThan(0);
      expect(boot).toBeLessThan(html.indexOf('</head>'));
      const policy = res.headers.get('content-security-policy') ?? '';
      const digest = createHash('sha256').update(DEFERRED_BOOT_SCRIPT).digest('base64');
      const nonce = /<script nonce="([^"]+)">\(\(\)=>\{var d=document/.exec(html)?.[1];
      expect(policy.includes(`'sha256-${digest}'`) || policy.includes(`'nonce-${nonce}'`)).toBe(true);
    }
  });

  it('covers the embed player and error pages too', async () => {
    const embed = await page(`/embed/${video.id}/${video.dir}/`, { 'cf-ipcountry': 'DE' });
    expect(gateShown(embed.html)).toBe(true);
    expect(hasMedia(embed.html)).toBe(false);
    const missing = await page('/no-such-page/', { 'cf-ipcountry': 'DE' });
    expect(missing.res.status).toBe(404);
    expect(gateShown(missing.html)).toBe(true);
  });

  it('accepting sets a permanent, signed, HttpOnly cookie that lets the media through', async () => {
    const { res, body } = await sut.post('/api/age/accept', {});
    expect(res.status).toBe(200);
    expect(body).toEqual({ ok: true });
    const cookie = setCookie(res, 'age_verified')!;
    expect(cookie).toMatch(
      /^age_verified=modal\.\d+\.[\w-]+; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/,
    );

    const after = await page('/', { 'cf-ipcountry': 'DE', cookie: cookiePair(cookie) });
    expect(gateShown(after.html)).toBe(false);
    expect(after.html).toMatch(/<img\b[^>]*class="thumb__image"/);
    expect(setCookie(after.res, 'age_verified')).toBeNull();
  });

  it('does not take a cookie the visitor wrote, and renews an old one', async () => {
    for (const forged of ['age_verified=1', 'age_verified=modal.1750000000.AAAA']) {
      expect(gateShown((await page('/', { 'cf-ipcountry': 'DE', cookie: forged })).html)).toBe(true);
    }
    const key = createHmac('sha256', sut.config.mediaSecret).update('age-verified-cookie').digest('hex');
    const old = signVerified(key, 'modal', Math.floor(Date.now() / 1000) - 40 * 86400);
    const { res, html } = await page('/', { 'cf-ipcountry': 'DE', cookie: `age_verified=${old}` });
    expect(gateShown(html)).toBe(false);
    expect(setCookie(res, 'age_verified')).toMatch(/Max-Age=34560000/);
  });

  it('refuses an accept from another site and has no redirect provider to start', async () => {
    const foreign = await sut.post('/api/age/accept', {}, { origin: 'https://evil.example' });
    expect(foreign.res.status).toBe(403);
    expect(setCookie(foreign.res, 'age_verified')).toBeNull();
    expect((await sut.request('/api/age/start')).status).toBe(404);
    expect((await sut.request('/api/age/callback?token=x')).status).toBe(404);
  });
});

describe('the RTA label', () => {
  let sut: TestApp;
  beforeAll(() => {
    sut = createTestApp({ videos: 30 });
  });
  afterAll(() => sut.close());

  it('is a Rating header on every answer and both rating metas on every page', async () => {
    const video = sut.db.$client
      .prepare('SELECT id, dir FROM videos WHERE status_id = 1 AND is_private = 0 ORDER BY id LIMIT 1')
      .get() as { id: number; dir: string };
    const deleted = sut.db.$client.prepare('SELECT id, dir FROM videos WHERE status_id = 5 LIMIT 1').get() as
      | { id: number; dir: string }
      | undefined;
    const pages = [
      '/',
      '/videos/latest-updates/1/',
      `/videos/${video.id}/${video.dir}/`,
      `/embed/${video.id}/${video.dir}/`,
      '/embed/999999999/missing/',
      '/information/2257/',
      '/no-such-page/',
      '/404/',
      ...(deleted ? [`/videos/${deleted.id}/${deleted.dir}/`] : []),
    ];
    for (const path of pages) {
      const res = await sut.request(path, { headers: { 'cf-ipcountry': 'DE' } });
      const html = await res.text();
      expect(res.headers.get('rating'), path).toBe('RTA-5042-1996-1400-1577-RTA');
      expect(html, path).toContain('<meta name="RATING" content="RTA-5042-1996-1400-1577-RTA"/>');
      expect(html, path).toContain('<meta name="rating" content="adult"/>');
    }
    for (const path of [
      '/api/json/main/0/straight.en.json',
      '/api/nothing-here.php',
      '/healthz',
      '/videos',
    ]) {
      const res = await sut.request(path);
      expect(res.headers.get('rating'), path).toBe('RTA-5042-1996-1400-1577-RTA');
    }
  });
});

describe('a redirect age-assurance provider', () => {
  const SECRET = 'provider-shared-secret-0123456789abcdef';
  let sut: TestApp;
  beforeAll(() => {
    sut = createTestApp({
      videos: 30,
      env: {
        AGE_ASSURANCE: 'redirect',
        AGE_ASSURANCE_URL: 'https://age.example/check?site=vt',
        AGE_ASSURANCE_SECRET: SECRET,
      },
    });
  });
  afterAll(() => sut.close());

  /** Starts a check as a browser would: the provider URL, the nonce it carries and the nonce cookie. */
  async function start(back = '/videos/latest-updates/1/') {
    const res = await sut.request(`/api/age/start?return=${encodeURIComponent(back)}`);
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    const nonceCookie = setCookie(res, 'age_nonce')!;
    expect(nonceCookie).toMatch(/HttpOnly/);
    return { to, nonce: to.searchParams.get('nonce')!, cookie: cookiePair(nonceCookie) };
  }
  const callback = (callbackUrl: string, token: string, cookie: string) => {
    const url = new URL(callbackUrl);
    url.searchParams.set('token', token);
    return sut.request(url.pathname + url.search, { headers: { cookie } });
  };
  const now = () => Math.floor(Date.now() / 1000);

  it('sends the visitor to the provider with a callback and a nonce', async () => {
    const { to, nonce } = await start();
    expect(to.origin + to.pathname).toBe('https://age.example/check');
    expect(to.searchParams.get('site')).toBe('vt');
    expect(nonce.length).toBeGreaterThanOrEqual(20);
    expect(to.searchParams.get('callback')).toBe(
      `${sut.config.publicOrigin}/api/age/callback?return=%2Fvideos%2Flatest-updates%2F1%2F`,
    );
  });

  it('a valid signed callback sets the cookie and returns to the page, which then has no gate', async () => {
    const { to, nonce, cookie } = await start();
    const token = signCallbackToken(SECRET, { adult: true, nonce, exp: now() + 300 });
    const res = await callback(to.searchParams.get('callback')!, token, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/videos/latest-updates/1/');
    const verified = setCookie(res, 'age_verified')!;
    expect(verified).toMatch(
      /^age_verified=redirect\.\d+\.[\w-]+; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(setCookie(res, 'age_nonce')).toMatch(/Max-Age=0/);

    const html = await (
      await sut.request('/', { headers: { 'cf-ipcountry': 'DE', cookie: cookiePair(verified) } })
    ).text();
    expect(gateShown(html)).toBe(false);
  });

  it('a forged, expired, replayed or foreign-nonce callback sets nothing and says so on the page', async () => {
    const { to, nonce, cookie } = await start();
    const back = to.searchParams.get('callback')!;
    const cases = {
      forged: signCallbackToken(`${SECRET}-not`, { adult: true, nonce, exp: now() + 300 }),
      expired: signCallbackToken(SECRET, { adult: true, nonce, exp: now() - 1 }),
      otherNonce: signCallbackToken(SECRET, {
        adult: true,
        nonce: 'someone-elses-nonce-123',
        exp: now() + 300,
      }),
      minor: signCallbackToken(SECRET, { adult: false, nonce, exp: now() + 300 }),
      garbage: 'not-a-token',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await callback(back, token, cookie);
      expect(res.status, name).toBe(303);
      expect(res.headers.get('location'), name).toBe('/videos/latest-updates/1/#age-failed');
      expect(setCookie(res, 'age_verified'), name).toBeNull();
    }
    // A valid token without the nonce cookie of the browser that started the check.
    const stolen = signCallbackToken(SECRET, { adult: true, nonce, exp: now() + 300 });
    const res = await callback(back, stolen, '');
    expect(res.headers.get('location')).toBe('/videos/latest-updates/1/#age-failed');
    expect(setCookie(res, 'age_verified')).toBeNull();
  });

  it('never returns anywhere but this site', async () => {
    for (const back of ['//evil.example/', '/\\evil.example', 'https://evil.example/']) {
      const { to } = await start(back);
      expect(new URL(to.searchParams.get('callback')!).searchParams.get('return')).toBe('/');
    }
  });

  it('takes no self-declaration: no accept, no modal cookie, a link to the provider on the gate', async () => {
    const { res, body } = await sut.post('/api/age/accept', {});
    expect(res.status).toBe(403);
    expect(body.code).toBe('age_assurance_required');
    const key = createHmac('sha256', sut.config.mediaSecret).update('age-verified-cookie').digest('hex');
    const modal = signVerified(key, 'modal', now());
    const html = await (
      await sut.request('/videos/latest-updates/1/?page=1', {
        headers: { 'cf-ipcountry': 'GB', cookie: `age_verified=${modal}` },
      })
    ).text();
    expect(gateShown(html)).toBe(true);
    expect(html).toContain('href="/api/age/start?return=%2Fvideos%2Flatest-updates%2F1%2F%3Fpage%3D1"');
    expect(html).toContain('Verify my age');
  });
});

describe('a provider for some countries only (AGE_ASSURANCE_COUNTRIES)', () => {
  let sut: TestApp;
  beforeAll(() => {
    sut = createTestApp({
      videos: 10,
      env: {
        AGE_ASSURANCE: 'redirect',
        AGE_ASSURANCE_URL: 'https://age.example/check',
        AGE_ASSURANCE_SECRET: 'provider-shared-secret-0123456789abcdef',
        AGE_ASSURANCE_COUNTRIES: 'gb',
      },
    });
  });
  afterAll(() => sut.close());

  it('sends British visitors to the provider and lets the rest of the list click through', async () => {
    const accept = (country: string) =>
      sut.request('/api/age/accept', {
        method: 'POST',
        headers: { origin: sut.config.publicOrigin, 'cf-ipcountry': country },
      });
    expect((await accept('GB')).status).toBe(403);
    const fromFrance = await accept('FR');
    expect(fromFrance.status).toBe(200);

    const gateFor = async (country: string) =>
      (await sut.request('/', { headers: { 'cf-ipcountry': country } })).text();
    expect(await gateFor('GB')).toContain('href="/api/age/start?return=%2F"');
    const french = await gateFor('FR');
    expect(gateShown(french)).toBe(true);
    expect(french).not.toContain('/api/age/start');
    // The French click does not open the gate for Britain.
    const cookie = cookiePair(setCookie(fromFrance, 'age_verified')!);
    const british = await sut.request('/', { headers: { 'cf-ipcountry': 'GB', cookie } });
    expect(gateShown(await british.text())).toBe(true);
  });
});

describe('/information/2257/', () => {
  const render = async (env: Record<string, string>) => {
    const sut = createTestApp({ videos: 10, env });
    try {
      return visibleHtml(await (await sut.request('/information/2257/')).text());
    } finally {
      sut.close();
    }
  };

  it('names the configured Custodian of Records and the pre-1995 statement the operator chose', async () => {
    const html = await render({
      RECORDS_CUSTODIAN_NAME: 'Jane Roe, Records Ltd.',
      RECORDS_CUSTODIAN_ADDRESS: '1 Archive Lane; Springfield, 12345; USA',
      RECORDS_PRE_1995: 'all',
    });
    expect(html).toMatch(
      /<address[^>]*><span>Jane Roe, Records Ltd.<\/span><span>1 Archive Lane<\/span><span>Springfield, 12345<\/span><span>USA<\/span><\/address>/,
    );
    expect(html).not.toContain('[Name of the Custodian of Records]');
    expect(html).toContain('All visual depictions on VintageTube were produced before July 3, 1995');
  });

  it('shows placeholders and the "some material" statement by default, and no statement for none', async () => {
    const plain = await render({});
    expect(plain).toContain('[Name of the Custodian of Records]');
    expect(plain).toContain(
      'Some of the films and photographs in the archive were produced before July 3, 1995',
    );
    const none = await render({ RECORDS_PRE_1995: 'none' });
    expect(none).not.toContain('July 3, 1995');
  });
});
