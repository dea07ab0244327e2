// Permission checks of the specification's section 6 with PRODUCT.md's decisions, and the global popup.
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn } from './support/session.ts';

const DENIED = 'You do not have permission to open this page.';

async function expectDenied(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL('/');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Error');
  await expect(dialog).toContainText(DENIED);
}

test('a member without permissions is turned away from both guarded pages', async ({ page }) => {
  await signIn(page, ACCOUNTS.member.email);
  await expectDenied(page, '/organization');
  await page.getByRole('button', { name: 'OK' }).click();
  await expectDenied(page, '/user-allocations');
});

test('a user manager opens /organization but not /user-allocations', async ({ page }) => {
  await signIn(page, ACCOUNTS.userManager.email);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Organization' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'User allocations' })).toHaveCount(0);
  await page.goto('/organization');
  await expect(page).toHaveURL('/organization');
  await expectDenied(page, '/user-allocations');
});

test('a project manager opens /user-allocations but not /organization', async ({ page }) => {
  await signIn(page, ACCOUNTS.projectManager.email);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'User allocations' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Organization' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'User allocations' }).click();
  await expect(page).toHaveURL('/user-allocations');
  await expectDenied(page, '/organization');
});

test('an administrator sees and opens every page', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin.email);
  for (const name of ['Home', 'Projects', 'User allocations', 'Organization', 'About']) {
    await expect(page.getByRole('navigation').getByRole('link', { name })).toBeVisible();
  }
  await page.goto('/organization');
  await expect(page).toHaveURL('/organization');
  await page.goto('/user-allocations');
  await expect(page).toHaveURL('/user-allocations');
});

test.describe('the global popup', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ACCOUNTS.member.email);
    await expectDenied(page, '/organization');
  });

  test('closes with the OK button', async ({ page }) => {
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('closes with the Escape key', async ({ page }) => {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('closes with a click on the backdrop', async ({ page }) => {
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
