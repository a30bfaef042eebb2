import { expect, newPage, test } from './fixtures';
import { newMember } from './helpers/members';
import { shots } from './helpers/shots';
import { withSiteDb } from './helpers/site-db';
import { createStaff, STAFF_PASSWORD, signInAs } from './helpers/staff';

/** Test fixture: a seeded published video becomes the member's upload (uploading one would take minutes). */
function giveVideoTo(memberName: string): Promise<{ id: number; title: string; dir: string }> {
  return withSiteDb(async (db) => {
    const v = await db
      .selectFrom('videos')
      .select(['id', 'title', 'dir'])
      .where('status_id', '=', 1)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('reports')
          .select('target_id')
          .where('target_id', 'is not', null)
          .$narrowType<{ target_id: number }>(),
      )
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('videos')
      .set((eb) => ({ uploader_id: eb.selectFrom('members').select('id').where('name', '=', memberName) }))
      .where('id', '=', v.id)
      .execute();
    return v;
  });
}

/** Test fixture: an NCII report about another video received 50 hours ago, its deadline missed. */
function overdueRequest(excludeId: number): Promise<string> {
  return withSiteDb(async (db) => {
    const v = await db
      .selectFrom('videos')
      .select(['id', 'title'])
      .where('status_id', '=', 1)
      .where('id', '!=', excludeId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const at = Math.floor(Date.now() / 1000) - 50 * 3600;
    await db.transaction().execute(async (trx) => {
      const report = await trx
        .insertInto('reports')
        .values({
          subject: 'ncii',
          email: 'other@example.test',
          message: 'Posted without consent.',
          target_section: 'video',
          target_id: v.id,
          priority: 1,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('removal_requests')
        .values({
          report_id: report.id,
          kind: 'ncii',
          signature: 'Sam Example',
          good_faith_at: at,
          content: `/videos/${v.id}/`,
          deadline_at: at + 48 * 3600,
        })
        .execute();
    });
    return v.title;
  });
}

test('a depicted person files a removal request → the queue shows its 48-hour deadline → takedown → the uploader appeals → reversed', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 1_000_000;
  const moderatorName = `keeper_${stamp}`;
  const adminName = `steward_${stamp}`;
  createStaff(moderatorName, 'moderator');
  createStaff(adminName, 'admin');
  const uploaderName = `archivist_${stamp}`;
  const uploader = await newMember(browser, uploaderName);
  const video = await giveVideoTo(uploaderName);

  // 1. A visitor who appears in the video asks for its removal, with the Act's fields.
  const visitor = await newPage(browser);
  await visitor.goto(`/videos/${video.id}/${video.dir}/`);
  await visitor.getByTestId('report-video').click();
  const modal = visitor.getByTestId('contact-modal');
  await modal.getByLabel('I appear in this video and request its removal').check();
  await expect(modal.getByTestId('removal-fields')).toBeVisible();
  await modal.getByLabel('Your email').fill(`depicted_${stamp}@example.test`);
  await modal.getByLabel('Message').fill('This shows me and was published without my consent.');
  // Without the statement and signature the form says what is missing.
  await modal.getByRole('button', { name: 'Send message' }).click();
  await expect(modal.getByText('Confirm the statement to send the request')).toBeVisible();
  await modal.getByLabel(/I state in good faith/).check();
  await modal.getByLabel('Your full name (electronic signature)').fill('Jane Example');
  await shots(visitor, 'removal-request-form', { fullPage: false });
  await modal.getByRole('button', { name: 'Send message' }).click();
  await expect(modal.getByTestId('contact-sent')).toBeVisible({ timeout: 30_000 });

  // 2. The moderator sees it first in the reports queue, with its deadline.
  const moderator = await newPage(browser);
  await signInAs(moderator, moderatorName, STAFF_PASSWORD);
  const overdueTitle = await overdueRequest(video.id);
  await moderator.goto('/moderation/reports/');
  // Missed deadlines sort first (nearest deadline first), in red; then ours, with 48 hours left.
  const first = moderator.getByTestId('report-group').first();
  await expect(first.getByTestId('deadline')).toHaveAttribute('data-missed', '1');
  await expect(first.getByTestId('deadline')).toHaveText(/Legal deadline missed \d+ h \d+ min ago/);
  await expect(moderator.getByTestId('report-group').filter({ hasText: overdueTitle }).first()).toBeVisible();
  const group = moderator.getByTestId('report-group').filter({ hasText: video.title });
  await expect(group).toHaveCount(1);
  await expect(group.getByTestId('deadline')).toHaveText(/Legal deadline in 4[78] h \d+ min/);
  await expect(group.getByTestId('deadline')).toHaveAttribute('data-missed', '0');
  await expect(group.getByTestId('report-legal')).toContainText('Signed: Jane Example');
  await shots(moderator, 'reports-deadlines');
  await group.getByTestId('take-down').click();
  const confirm = moderator.getByTestId('note-dialog');
  await confirm.getByLabel(/Note for the record/).fill('Depicted person, valid request');
  await confirm.getByTestId('note-confirm').click();
  await expect(
    moderator.getByTestId('toast').filter({ hasText: 'The video has been taken down' }),
  ).toBeVisible();

  // 3. The uploader is told, and appeals from the notification.
  await uploader.goto('/notifications/');
  await uploader.getByRole('link', { name: `“${video.title}” has been taken down` }).click();
  await expect(uploader).toHaveURL(new RegExp(`/appeal/\\?video=${video.id}$`));
  const form = uploader.getByTestId('appeal-form');
  await expect(form).toContainText(video.title);
  await shots(uploader, 'appeal-page');
  await form
    .getByLabel('Why should this decision change?')
    .fill('This is a generated test pattern, nobody appears in it.');
  await form.getByRole('button', { name: 'Send appeal' }).click();
  await expect(uploader.getByTestId('appeal-sent')).toBeVisible();
  // Once: coming back shows the appeal waiting.
  await uploader.reload();
  await expect(uploader.getByTestId('appeal-sent')).toHaveText('Your appeal is waiting for a decision.');
  // Another member's video answers like a missing one.
  const stranger = await newMember(browser, `stranger_${stamp}`);
  await stranger.goto(`/appeal/?video=${video.id}`);
  await expect(stranger.getByTestId('appeal-invalid')).toBeVisible();

  // A requester's appeal link is never cached (it carries a secret); a wrong token is refused on sending.
  const anonymous = await newPage(browser);
  const tokenPage = await anonymous.goto(`/appeal/?token=${'A'.repeat(32)}`);
  expect(tokenPage?.headers()['cache-control']).toBe('private, no-store');
  await expect(anonymous.getByTestId('appeal-form')).toHaveAttribute('data-hydrated', 'true');
  await anonymous.getByLabel('Why should this decision change?').fill('I am the person shown in it.');
  await anonymous.getByRole('button', { name: 'Send appeal' }).click();
  await expect(anonymous.getByTestId('appeal-invalid')).toBeVisible();

  // 4. The moderator reverses it in the appeals queue: the video is back.
  await moderator.goto('/moderation/appeals/');
  const appeal = moderator.getByTestId('appeal').filter({ hasText: video.title });
  await expect(appeal.getByTestId('appeal-statement')).toHaveText(
    'This is a generated test pattern, nobody appears in it.',
  );
  await shots(moderator, 'appeals-queue');
  await appeal.getByTestId('appeal-reverse').click();
  await moderator
    .getByTestId('note-dialog')
    .getByLabel(/Note for the record/)
    .fill('Test pattern only');
  await moderator.getByTestId('note-confirm').click();
  await expect(moderator.getByTestId('toast').filter({ hasText: 'Decision reversed' })).toBeVisible();
  await expect(appeal).toHaveCount(0);
  await visitor.goto(`/videos/${video.id}/${video.dir}/`);
  await expect(visitor.locator('h1')).toHaveText(video.title);

  // 5. The admin's transparency report counts it.
  const admin = await newPage(browser);
  await signInAs(admin, adminName, STAFF_PASSWORD);
  await admin.goto('/moderation/transparency/');
  const row = admin
    .getByTestId('transparency-table')
    .locator('tbody tr')
    .filter({ hasText: 'Removal request by a person depicted' });
  await expect(row).toBeVisible();
  await shots(admin, 'transparency');
  const csv = await admin.request.get(
    (await admin.getByTestId('export-csv').getAttribute('href')) ?? '/api/moderation/transparency.csv',
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toMatch(/^month,reason,reports_received,removals,median_hours_to_action/);
});
