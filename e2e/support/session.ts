// Signing in through the real login page, as a person does.
import { expect, type Page } from '@playwright/test';
import { PASSWORD } from './backend.ts';

export async function signIn(page: Page, email: string, password = PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation')).toBeVisible();
}

/**
 * A page's scripts load after its first paint, so right after `page.goto` the page may still be plain HTML; this
 * waits until React has taken it over (the root layout marks the document).
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
}
