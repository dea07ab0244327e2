// Announcements on the home page: a manager writes, publishes, pins, schedules, expires, edits and deletes them;
// members read only what is published and unexpired, rendered from Markdown with no way to run script; a member
// without the permission gets no controls and the data API refuses their writes.
import { randomUUID } from 'node:crypto';
import { createNodeClient } from '@teamplan/supabase-node';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { apiKeys, PASSWORD, serviceClient } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
const tag = () => `A${randomUUID().slice(0, 8)}`;
const isoDay = (daysFromToday: number) => new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);

declare global {
  interface Window {
    announcementScriptRan?: boolean;
    announcementImageRan?: boolean;
  }
}

const MARKDOWN = [
  '# Agenda',
  '',
  'Planning starts **Monday** at nine. See the [planning guide](https://example.com/guide).',
  '',
  '<script>window.announcementScriptRan = true</script>',
  '',
  '<img src="missing.png" onerror="window.announcementImageRan = true">',
].join('\n');

// Every test tags its titles; whatever a test leaves behind is removed here.
const tags: string[] = [];
test.afterEach(async () => {
  for (const t of tags.splice(0)) {
    await serviceClient(stack).from('announcements').delete().like('title', `${t}%`).throwOnError();
  }
});

async function expectPopup(page: Page, title: 'Success' | 'Error', text: string) {
  // A routine success is a passing notice; everything else is the popup, closed with OK.
  if (title === 'Success') return expectNotice(page, text);
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

async function fillDate(form: Locator, label: string, date: string) {
  const field = form.getByLabel(new RegExp(`^${label}`));
  await field.fill(date);
  await field.blur();
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

const article = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const liveArticles = (page: Page) => page.getByTestId('live-announcements').getByRole('article');

async function manage(page: Page, title: string, item: string) {
  await article(page, title)
    .getByRole('button', { name: `Manage "${title}"` })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function writeAnnouncement(page: Page, title: string, body: string, publish: 'Now' | 'Keep as draft') {
  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Text', { exact: true }).fill(body);
  await form.getByLabel(publish).check();
  await form.getByRole('button', { name: 'Create announcement' }).click();
}

test('a manager drafts, publishes, pins, edits and deletes an announcement; members see only it published', async ({
  page,
  browser,
}) => {
  const t = tag();
  tags.push(t);
  const title = `${t} Planning week`;
  await signIn(page, ACCOUNTS.admin.email);
  const member = await signedInPage(browser, ACCOUNTS.member.email);

  await writeAnnouncement(page, title, MARKDOWN, 'Keep as draft');
  await expectPopup(page, 'Success', `Announcement "${title}" was saved as a draft.`);
  await expect(page.getByTestId('hidden-announcements').getByRole('article', { name: title })).toContainText('Draft');
  await member.reload();
  await expect(member.getByRole('heading', { name: 'Announcements', exact: true })).toBeVisible();
  await expect(article(member, title)).toHaveCount(0);

  await manage(page, title, 'Edit');
  const edit = page.getByRole('dialog', { name: 'Edit announcement' });
  await edit.getByLabel('Now').check();
  await edit.getByRole('button', { name: 'Save announcement' }).click();
  await expectPopup(page, 'Success', `Announcement "${title}" was published.`);

  // The member reads it, rendered from Markdown, and nothing embedded in it ran.
  await member.reload();
  const shown = article(member, title);
  await expect(shown.getByRole('heading', { name: 'Agenda', level: 4 })).toBeVisible();
  await expect(shown.locator('strong')).toHaveText('Monday');
  const link = shown.getByRole('link', { name: 'planning guide' });
  await expect(link).toHaveAttribute('href', 'https://example.com/guide');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(shown.locator('script, img')).toHaveCount(0);
  await expect(shown).not.toContainText('announcementScriptRan');
  expect(await member.evaluate(() => [window.announcementScriptRan, window.announcementImageRan])).toEqual([
    undefined,
    undefined,
  ]);
  await expect(shown.getByRole('button')).toHaveCount(0);

  // A newer one comes first, until the older one is pinned.
  const newer = `${t} Newer news`;
  await writeAnnouncement(page, newer, 'Fresh off the press.', 'Now');
  await expectPopup(page, 'Success', `Announcement "${newer}" was published.`);
  await expect(liveArticles(page).first()).toHaveAccessibleName(newer);
  await manage(page, title, 'Pin to the top');
  await expectPopup(page, 'Success', `"${title}" is pinned to the top.`);
  await expect(liveArticles(page).first()).toHaveAccessibleName(title);
  await member.reload();
  await expect(liveArticles(member).first()).toHaveAccessibleName(title);
  await expect(article(member, title)).toContainText('Pinned');

  const renamed = `${t} Planning week, updated`;
  await manage(page, title, 'Edit');
  await edit.getByLabel('Title').fill(renamed);
  await edit.getByRole('button', { name: 'Save announcement' }).click();
  await expectPopup(page, 'Success', `Announcement "${renamed}" was published.`);
  await member.reload();
  await expect(article(member, renamed)).toBeVisible();

  await manage(page, renamed, 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete announcement' });
  await expect(confirm).toContainText(`Delete "${renamed}"?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectPopup(page, 'Success', `Announcement "${renamed}" was deleted.`);
  await expect(article(page, renamed)).toHaveCount(0);
  await member.reload();
  await expect(article(member, renamed)).toHaveCount(0);
  await expect(article(member, newer)).toBeVisible();
  await member.context().close();
});

test('scheduled and expired announcements are labelled for managers and hidden from members', async ({
  page,
  browser,
}) => {
  const t = tag();
  tags.push(t);
  await signIn(page, ACCOUNTS.admin.email);

  const scheduled = `${t} Summer party`;
  await page.getByRole('button', { name: 'New announcement' }).click();
  const form = page.getByRole('dialog', { name: 'New announcement' });
  await form.getByLabel('Title').fill(scheduled);
  await form.getByLabel('At a date and time').check();
  await fillDate(form, 'Publish on', '2030-01-15');
  await form.getByLabel('Publish time').fill('09:00');
  await form.getByRole('button', { name: 'Create announcement' }).click();
  await expectPopup(page, 'Success', `Announcement "${scheduled}" is scheduled for 15 Jan 2030, 09:00.`);
  await expect(article(page, scheduled)).toContainText('Scheduled for 15 Jan 2030, 09:00');

  // An expiry before the publish time is pointed out at the field; an earlier publish time fixes it.
  const expiring = `${t} Last month's reminder`;
  await page.getByRole('button', { name: 'New announcement' }).click();
  await form.getByLabel('Title').fill(expiring);
  await fillDate(form, 'Expires on', isoDay(-1));
  await form.getByRole('button', { name: 'Create announcement' }).click();
  await expect(form.getByText('The expiry must be after the publish time.')).toBeVisible();
  await form.getByLabel('At a date and time').check();
  await fillDate(form, 'Publish on', isoDay(-3));
  await form.getByRole('button', { name: 'Create announcement' }).click();
  await expectPopup(page, 'Success', `Announcement "${expiring}" was saved; it has already expired.`);
  await expect(article(page, expiring)).toContainText('Expired');

  // A published one taken down with "Expire now".
  const current = `${t} Canteen closed`;
  await serviceClient(stack)
    .from('announcements')
    .insert({ title: current, body: 'Bring lunch.', publish_at: new Date(Date.now() - 3_600_000).toISOString() })
    .throwOnError();
  await page.reload();
  await expect(liveArticles(page).filter({ hasText: current })).toHaveCount(1);
  await manage(page, current, 'Expire now');
  await expectPopup(page, 'Success', `"${current}" has expired: members no longer see it.`);
  await expect(page.getByTestId('hidden-announcements').getByRole('article', { name: current })).toContainText(
    'Expired',
  );

  const member = await signedInPage(browser, ACCOUNTS.member.email);
  await expect(member.getByRole('heading', { name: 'Announcements', exact: true })).toBeVisible();
  for (const title of [scheduled, expiring, current]) await expect(article(member, title)).toHaveCount(0);
  await member.context().close();
});

test('a member without the permission gets no controls, and the data API refuses their writes', async ({ page }) => {
  const t = tag();
  tags.push(t);
  const title = `${t} Read only`;
  const { data: row } = await serviceClient(stack)
    .from('announcements')
    .insert({ title, body: 'Nothing to change here.', publish_at: new Date().toISOString() })
    .select('id')
    .single()
    .throwOnError();
  await signIn(page, ACCOUNTS.member.email);
  await expect(article(page, title)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New announcement' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Manage "/ })).toHaveCount(0);

  const member = createNodeClient(stack.apiUrl, apiKeys(stack).anonKey);
  await member.auth.signInWithPassword({ email: ACCOUNTS.member.email, password: PASSWORD });
  const insert = await member
    .from('announcements')
    .insert({ title: `${t} Sneaky`, publish_at: new Date().toISOString() });
  expect(insert.error?.code).toBe('42501');

  // And through the home page's own action: refused with the reason, the announcement untouched.
  const response = await page.request.post('/?index', { form: { intent: 'delete-announcement', id: row!.id } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('you do not have permission');
  await page.reload();
  await expect(article(page, title)).toBeVisible();
});
