// Files in the product: a person's avatar (uploaded, cropped, shown wherever they are listed), the organization's logo
// (on every page and on the sign-in page) and a project's files (managers upload with progress, members download).
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createNodeClient } from '@teamplan/supabase-node';
import sharp from 'sharp';
import { ACCOUNTS } from './support/accounts.ts';
import { apiKeys, createAccount, PASSWORD, serviceClient } from './support/backend.ts';
import { expectNoViolations } from './support/axe.ts';
import { expectNotice } from './support/notices.ts';
import { expand } from './support/planner.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;

const picture = (color: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: color } })
    .png()
    .toBuffer();

/** The picture inside an avatar has loaded (not the initials it falls back to). */
async function expectPicture(avatar: Locator) {
  await expect(avatar).toHaveAttribute('data-avatar', 'picture');
  await expect
    .poll(() => avatar.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(256);
}

async function newProject(name: string): Promise<string> {
  const { data, error } = await serviceClient(stack).from('projects').insert({ name }).select('id').single();
  if (error) throw error;
  return data.id as string;
}

test('an avatar, uploaded and cropped on the profile, shows in the sidebar, the member list, the planner and presence', async ({
  page,
  browser,
}) => {
  const email = `fay.files.${randomUUID().slice(0, 8)}@example.com`;
  const id = await createAccount(stack, email, 'Fay Files', { can_manage_users: true, can_manage_projects: true });
  await signIn(page, email);
  await page.goto('/profile');
  await expect(page.getByTestId('sidebar-avatar')).toHaveAttribute('data-avatar', 'initials');

  await page
    .locator('input[type="file"][accept*="image/png"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture('#e8590c') });
  const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
  await expect(dialog.getByRole('button', { name: /Picture to crop/ })).toBeVisible();
  await expectNoViolations(page, 'the crop dialog');
  await dialog.getByRole('button', { name: /Picture to crop/ }).press('ArrowLeft');
  await dialog.getByRole('button', { name: 'Save picture' }).click();
  await expectNotice(page, 'Your picture was saved.');
  await expect(dialog).toBeHidden();

  await expectPicture(page.getByTestId('sidebar-avatar'));
  await expectPicture(page.getByTestId('profile-avatar'));
  await expectNoViolations(page, 'the profile with a picture');

  await page.goto('/organization');
  const row = page.getByRole('row').filter({ hasText: email });
  await expectPicture(row.locator('[data-avatar]'));

  await page.goto('/user-allocations');
  await expand(page, id);
  await expectPicture(page.locator(`[role="row"][data-kind="person"][data-person="${id}"] [data-avatar]`));

  // Someone else on the same project page sees the picture among those here.
  const projectId = await newProject(`Files ${randomUUID().slice(0, 8)}`);
  await page.goto(`/projects/${projectId}`);
  const other = await (await browser.newContext({ baseURL: stack.webUrl })).newPage();
  await signIn(other, ACCOUNTS.admin.email);
  await other.goto(`/projects/${projectId}`);
  await expectPicture(other.getByRole('group', { name: /Also here: .*Fay Files/ }).locator('[data-avatar]'));
  await other.context().close();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expectNotice(page, 'Your picture was removed.');
  await expect(page.getByTestId('sidebar-avatar')).toHaveAttribute('data-avatar', 'initials');
  const left = await serviceClient(stack).storage.from('avatars').list(id);
  expect(left.data).toEqual([]);
});

test('a member sees and downloads project files but cannot upload: no control, and the API refuses', async ({
  page,
}) => {
  const projectId = await newProject(`Files ${randomUUID().slice(0, 8)}`);
  await serviceClient(stack)
    .storage.from('project-files')
    .upload(`${projectId}/brief.txt`, new Blob(['the brief'], { type: 'text/plain' }));
  await signIn(page, ACCOUNTS.member.email);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByRole('heading', { name: 'Files', exact: true })).toBeVisible();
  const row = page.locator('[data-file="brief.txt"]');
  await expect(row).toContainText('9 B');
  await expect(page.getByRole('button', { name: 'Upload files' })).toHaveCount(0);
  await expect(page.getByTestId('file-drop-zone')).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'More for brief.txt' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download brief.txt' }).click();
  expect((await download).suggestedFilename()).toBe('brief.txt');

  const member = createNodeClient(stack.apiUrl, apiKeys(stack).anonKey);
  await member.auth.signInWithPassword({ email: ACCOUNTS.member.email, password: PASSWORD });
  const refused = await member.storage
    .from('project-files')
    .upload(`${projectId}/mine.txt`, new Blob(['x'], { type: 'text/plain' }));
  expect(refused.error?.message).toBe('new row violates row-level security policy');
});

test('a project manager drops files: a large one shows its progress and completes; rename and delete', async ({
  page,
}) => {
  const projectId = await newProject(`Files ${randomUUID().slice(0, 8)}`);
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto(`/projects/${projectId}`);
  await expect(page.getByText('No files yet.')).toBeVisible();

  const big = Buffer.alloc(30 * 1024 * 1024, 7);
  await page
    .locator('input[type="file"][multiple]')
    .setInputFiles([{ name: 'big.bin', mimeType: 'application/octet-stream', buffer: big }]);
  const upload = page.locator('[data-upload="big.bin"]');
  await expect(upload.getByRole('progressbar', { name: 'Uploading big.bin' })).toBeVisible();
  await expect(upload).toContainText(/\d+ %/);
  const row = page.locator('[data-file="big.bin"]');
  await expect(row).toContainText('30 MB', { timeout: 60_000 });
  await expect(row).toContainText(ACCOUNTS.projectManager.name);
  await expect(upload).toHaveCount(0);

  // Dropped on the drop zone, as from the desktop: an image, shown with its thumbnail.
  const image = (await picture('#1971c2')).toString('base64');
  const dropped = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    transfer.items.add(new File([bytes], 'sketch.png', { type: 'image/png' }));
    return transfer;
  }, image);
  await page.getByTestId('file-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
  const sketch = page.locator('[data-file="sketch.png"]');
  await expect
    .poll(() => sketch.locator('img[data-thumbnail]').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expectNoViolations(page, 'a project page with files');

  await sketch.getByRole('button', { name: 'More for sketch.png' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename file' });
  await rename.getByLabel('Name').fill('Sketch v2.png');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expectNotice(page, '"sketch.png" is now "Sketch v2.png".');
  await expect(page.locator('[data-file="Sketch v2.png"]')).toBeVisible();

  await page.locator('[data-file="big.bin"]').getByRole('button', { name: 'More for big.bin' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete file' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotice(page, '"big.bin" was deleted.');
  await expect(page.locator('[data-file="big.bin"]')).toHaveCount(0);

  // Deleting the project takes its files with it.
  await serviceClient(stack).from('projects').delete().eq('id', projectId);
  const left = await serviceClient(stack).storage.from('project-files').list(projectId);
  expect(left.data).toEqual([]);
});

test("a user manager's logo shows on every page and on the sign-in page", async ({ page, browser }) => {
  await signIn(page, ACCOUNTS.userManager.email);
  await page.goto('/organization?tab=settings');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page
    .locator('input[type="file"][accept*="image/png"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await picture('#2f9e44') });
  await expectNotice(page, 'The logo was saved.');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Organization logo' })).toBeVisible();

  const visitor: Page = await (await browser.newContext({ baseURL: stack.webUrl })).newPage();
  await visitor.goto('/login');
  const logo = visitor.getByRole('img', { name: 'Organization logo' });
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expectNoViolations(visitor, 'the sign-in page with a logo');
  await visitor.context().close();

  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expectNotice(page, 'The logo was removed.');
  await expect(page.getByRole('banner').getByRole('img', { name: 'Organization logo' })).toHaveCount(0);
  expect((await serviceClient(stack).storage.from('logos').list()).data).toEqual([]);
});
