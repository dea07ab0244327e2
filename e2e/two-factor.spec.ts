// Two-factor authentication: set up an authenticator app on the profile, then sign in with password and code; a
// wrong code is refused, and a session that stopped after the password reaches no page but the code step.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { Secret, TOTP } from 'otpauth';
import { createAccount, PASSWORD } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { STACKS } from './support/stacks.ts';

/** What the authenticator app would show now for this secret. */
function currentCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

async function closePopup(page: Page, title: 'Success' | 'Error', text: string | RegExp) {
  // A routine success is a passing notice; everything else is the popup, closed with OK.
  if (title === 'Success') return expectNotice(page, text);
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

async function enterPassword(page: Page, email: string, path = '/login') {
  await page.goto(path);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A new account with a verified authenticator, signed out again; returns its address and the secret. */
async function accountWithAuthenticator(page: Page) {
  const email = `totp.${randomUUID().slice(0, 8)}@example.com`;
  await createAccount(STACKS.default, email, 'Tess Totp');
  await enterPassword(page, email);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Off. Set up an authenticator app')).toBeVisible();
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(currentCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await closePopup(page, 'Success', 'Two-factor authentication is on.');
  await expect(page.getByRole('list', { name: 'Authenticators' })).toContainText('On');
  await page.context().clearCookies();
  return { email, secret };
}

test('after setting up an authenticator, signing in asks for its code; a wrong one is refused', async ({ page }) => {
  const { email, secret } = await accountWithAuthenticator(page);

  await enterPassword(page, email, '/login?redirectTo=%2Fprojects');
  await expect(page).toHaveURL('/login/code?redirectTo=%2Fprojects');
  await page.getByLabel('Authentication code').fill('000000' === currentCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await closePopup(page, 'Error', 'That code is not valid.');
  await expect(page).toHaveURL(/\/login\/code/);

  await page.getByLabel('Authentication code').fill(currentCode(secret));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL('/projects');
  await expect(page.getByRole('navigation')).toBeVisible();
});

test('a session that stopped after the password reaches only the code step', async ({ page }) => {
  const { email, secret } = await accountWithAuthenticator(page);
  await enterPassword(page, email);
  await expect(page).toHaveURL('/login/code');

  await page.goto('/profile');
  await expect(page).toHaveURL('/login/code?redirectTo=%2Fprofile');
  await page.goto('/login');
  await expect(page).toHaveURL('/login/code');

  await page.getByLabel('Authentication code').fill(currentCode(secret));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/login');
  await expect(page).toHaveURL('/');
});

test('removing the authenticator turns the code step off again', async ({ page }) => {
  const { email, secret } = await accountWithAuthenticator(page);
  await enterPassword(page, email);
  await page.getByLabel('Authentication code').fill(currentCode(secret));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL('/');

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
  await page.getByRole('dialog', { name: 'Remove authenticator' }).getByRole('button', { name: 'Delete' }).click();
  await closePopup(page, 'Success', 'The authenticator was removed.');
  await expect(page.getByText('Off. Set up an authenticator app')).toBeVisible();

  await page.context().clearCookies();
  await enterPassword(page, email);
  await expect(page).toHaveURL('/');
});
