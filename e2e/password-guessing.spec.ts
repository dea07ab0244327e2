// Guessing a password through the product's /login form: after a few wrong passwords the account's throttle refuses
// further attempts with the product's own message, and its owner, signing in from an address that signed in before,
// is not held. Each browser context is one visitor, its address named in X-Forwarded-For (the web server trusts the
// header from this machine in the e2e stacks, as it would from a load balancer).
import type { Browser } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createAccount } from './support/backend.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

/** Wrong passwords an account takes before its throttle holds it (apps/backend/src/auth/password-throttle.ts). */
const FREE_FAILURES = 5;

const visitor = (browser: Browser, address: string) =>
  browser.newContext({ baseURL: STACKS.default.webUrl, extraHTTPHeaders: { 'X-Forwarded-For': address } });

test("a burst of wrong passwords is refused with the product's message, while the owner still signs in", async ({
  browser,
}) => {
  const email = `guessed.${Date.now()}@example.com`;
  await createAccount(STACKS.default, email, 'Gus Guessed');
  const owner = await visitor(browser, '198.51.100.10');
  const attacker = await visitor(browser, '203.0.113.66');

  const ownerPage = await owner.newPage();
  await signIn(ownerPage, email);
  await owner.clearCookies();

  const page = await attacker.newPage();
  await page.goto('/login');
  await page.getByLabel('Email or phone').fill(email);
  for (let guess = 1; guess <= FREE_FAILURES; guess += 1) {
    await page.getByLabel('Password', { exact: true }).fill(`wrong-guess-${guess}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('E-mail or password is wrong.');
  }
  await page.getByLabel('Password', { exact: true }).fill('wrong-guess-again');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Wait a moment and try again.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);

  await signIn(ownerPage, email);
  await Promise.all([owner.close(), attacker.close()]);
});
