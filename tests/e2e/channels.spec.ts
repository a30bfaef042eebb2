import { expect, newPage, test } from './fixtures';
import { newMember, openAccountMenu } from './helpers/members';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => window.localStorage.setItem('cookies_notice', '1'));
});

/** The first listed video's page, which names its channel and (for most) its uploader. */
async function firstVideoWithUploader(request: import('@playwright/test').APIRequestContext) {
  const list = await (
    await request.get('/api/json/videos2/0/straight/latest-updates/60/all..1.all.0.all.json')
  ).json();
  for (const v of list.videos as { video_id: number }[]) {
    const bucket = Math.floor(v.video_id / 1000) * 1000;
    const { video } = await (await request.get(`/api/json/video/0/${bucket}/${v.video_id}.json`)).json();
    if (video.member && video.channel) return video;
  }
  throw new Error('no video with an uploader and a channel');
}

test('a video names its channel and uploader; the channel page lists its videos with sorts and pages', async ({
  page,
  request,
}) => {
  const video = await firstVideoWithUploader(request);
  await page.goto(`/videos/${video.video_id}/${video.dir}/`);
  const channel = page.getByTestId('video-channel');
  await expect(channel.getByRole('link')).toHaveText(video.channel.title);
  await expect(page.getByTestId('video-uploader')).toHaveAttribute('href', `/members/${video.member._id}/`);
  await channel.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/channel/${video.channel.dir}/$`));
  await expect(page.locator('h1')).toHaveText(video.channel.title);

  // The count shown is the listing's: every video of the channel, 60 a page.
  const stats = page.getByTestId('channel-stats');
  const shown = Number((await stats.locator('dd').first().textContent())!.replace(/\D/g, ''));
  const thumbs = await page.getByTestId('thumb').count();
  expect(shown).toBeGreaterThan(0);
  expect(thumbs).toBe(Math.min(shown, 60));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/channel/${video.channel.dir}/$`),
  );

  // Sorts keep to the channel.
  await page.getByRole('link', { name: 'Top rated', exact: true }).last().click();
  await expect(page).toHaveURL(new RegExp(`/channel/${video.channel.dir}/top-rated/1/$`));
  await expect(page.getByTestId('thumb')).toHaveCount(Math.min(shown, 60));

  // Unknown channels, sorts and pages are 404s; a sort without a page goes to page 1.
  expect((await request.get('/channel/no-such-channel/')).status()).toBe(404);
  expect((await request.get(`/channel/${video.channel.dir}/sideways/1/`)).status()).toBe(404);
  expect((await request.get(`/channel/${video.channel.dir}/top-rated/0/`)).status()).toBe(404);
  const redirect = await request.get(`/channel/${video.channel.dir}/longest/`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  expect(redirect.headers().location).toBe(`/channel/${video.channel.dir}/longest/1/`);

  // Channels are in the sitemap.
  const index = await (await request.get('/sitemap.xml')).text();
  expect(index).toContain('/sitemaps/channels.xml');
  const sitemap = await (await request.get('/sitemaps/channels.xml')).text();
  expect(sitemap).toContain(`/channel/${video.channel.dir}/</loc>`);
});

test('a member subscribes to a channel; the state is fetched after load, never in the shared HTML', async ({
  browser,
  request,
}) => {
  const video = await firstVideoWithUploader(request);
  const channelUrl = `/channel/${video.channel.dir}/`;
  const member = await newMember(browser, `chan${Date.now().toString(36)}`);

  // Signed out: the button asks to sign in, and nothing is sent.
  const anonymous = await newPage(browser);
  await anonymous.goto(channelUrl);
  await expect(async () => {
    await anonymous.getByTestId('subscribe-button').click();
    await expect(anonymous.getByRole('dialog')).toBeVisible({ timeout: 1000 });
  }).toPass();

  // The member's button reads the state once hydrated: wait for that call before clicking.
  const state = member.waitForResponse(/\/trpc\/me\.subscribed/);
  await member.goto(channelUrl);
  await state;
  const button = member.getByTestId('subscribe-button');
  await expect(button).toHaveText('Subscribe');
  await button.click();
  await expect(member.getByTestId('toast').filter({ hasText: 'subscribed to the channel' })).toBeVisible();
  await expect(button).toHaveText('Subscribed');
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  // After a reload the button says so again, and the video page's channel button agrees.
  const again = member.waitForResponse(/\/trpc\/me\.subscribed/);
  await member.reload();
  await again;
  await expect(member.getByTestId('subscribe-button')).toHaveText('Subscribed');
  const onVideo = member.waitForResponse(/\/trpc\/me\.subscribed/);
  await member.goto(`/videos/${video.video_id}/${video.dir}/`);
  await onVideo;
  await expect(member.getByTestId('video-channel').getByTestId('subscribe-button')).toHaveText('Subscribed');

  // The anonymous HTML is the same for everyone: no subscribed state in it.
  const html = await (await request.get(channelUrl)).text();
  expect(html).not.toContain('Subscribed<');
  expect(html).toContain('aria-pressed="false"');
  // The member's subscriptions list the channel, linked to its page.
  await openAccountMenu(member);
  await member.getByRole('link', { name: 'Subscriptions' }).click();
  await expect(
    member.getByTestId('member-subscriptions').getByRole('link', { name: video.channel.title }),
  ).toHaveAttribute('href', channelUrl);
  // Pressing again unsubscribes, once the button has read the state (after load).
  const stateAgain = member.waitForResponse(/\/trpc\/me\.subscribed/);
  await member.goto(`/videos/${video.video_id}/${video.dir}/`);
  await stateAgain;
  const channelButton = member.getByTestId('video-channel').getByTestId('subscribe-button');
  await expect(channelButton).toHaveText('Subscribed');
  await channelButton.click();
  await expect(member.getByTestId('toast').filter({ hasText: 'unsubscribed' })).toBeVisible();
  await expect(member.getByTestId('video-channel').getByTestId('subscribe-button')).toHaveText('Subscribe');
});
