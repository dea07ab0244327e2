// Someone signed in without a membership (removed, or never added) sees whom to ask for access on every page but
// their profile, which they can still use.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { createAccount, serviceClient } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

test('a signed-in non-member is told whom to ask, everywhere but the profile', async ({ page }) => {
  const email = `outsider.${randomUUID().slice(0, 8)}@example.com`;
  const userId = await createAccount(STACKS.default, email, 'Olga Outsider');
  const removal = await serviceClient(STACKS.default).from('organization_users').delete().eq('user_id', userId);
  expect(removal.error).toBeNull();

  await signIn(page, email);
  const noAccess = page.getByRole('heading', { name: 'You do not have access yet' });
  await expect(noAccess).toBeVisible();
  const contacts = page.getByRole('list', { name: 'Whom to ask for access' });
  await expect(contacts).toContainText(ACCOUNTS.admin.name);
  await expect(contacts.getByRole('link', { name: ACCOUNTS.admin.email })).toHaveAttribute(
    'href',
    `mailto:${ACCOUNTS.admin.email}`,
  );
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Projects' })).toHaveCount(0);

  for (const path of ['/projects', '/about', '/organization', '/user-allocations']) {
    await page.goto(path);
    await expect(noAccess).toBeVisible();
  }

  await page.getByRole('link', { name: 'Open my profile' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(noAccess).toHaveCount(0);
  await page.getByLabel('Job title').fill('Contractor');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expectNotice(page, 'Your profile was saved.');

  await page.getByRole('button', { name: /Olga Outsider/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
});
