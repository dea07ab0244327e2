// Routine successes show as a notice in a corner that closes by itself, not as a dialog waiting for OK.
import { expect, type Page } from '@playwright/test';

export async function expectNotice(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-notice]').filter({ hasText: text })).toBeVisible();
}
