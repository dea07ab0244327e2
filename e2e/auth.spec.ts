// Signing up, in and out against the real auth service: validation, weak passwords, errors, the session cookie,
// and e-mailed links through the mailbox.
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { PASSWORD, latestMail, verifyLink } from './support/backend.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const dialog = (page: import('@playwright/test').Page) => page.getByRole('dialog');
let unique = 0;
const newEmail = (label: string) => `${label}.${Date.now()}.${(unique += 1)}@example.com`;

test('signing in without an identifier or password gives the specified message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('You must provide either an email or phone number and a password')).toBeVisible();
  await page.getByLabel('Email or phone').fill(ACCOUNTS.member.email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('You must provide either an email or phone number and a password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('wrong credentials are said in plain words with the form, not in a popup', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email or phone').fill(ACCOUNTS.member.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail or password is wrong.');
  await expect(dialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/login/);
});

test('signing up with a weak password lists the reasons from the auth service', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Wendy Weak');
  await page.getByLabel('Email or phone').fill(newEmail('weak'));
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  const reasons = page.getByRole('listitem');
  await expect(reasons.filter({ hasText: /at least 8 characters/i }).first()).toBeVisible();
  await expect(reasons.filter({ hasText: /letters?.*digits?|digits?.*letters?/i }).first()).toBeVisible();
  // In words: the service's lists of required characters are never shown.
  await expect(page.locator('body')).not.toContainText('abcdefghijklmnopqrstuvwxyz');
  await expect(page).toHaveURL(/\/signup/);
});

test('signing up on the embedded default signs in at once', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Nina New');
  await page.getByLabel('Email or phone').fill(newEmail('nina'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('navigation')).toBeVisible();
});

test('the session cookie has the specified attributes', async ({ page, context }) => {
  await signIn(page, ACCOUNTS.member.email);
  const cookies = (await context.cookies()).filter((cookie) => cookie.name.startsWith('sb-127-auth-token'));
  expect(cookies.length).toBeGreaterThan(0);
  const days = (cookies[0].expires * 1000 - Date.now()) / 86_400_000;
  for (const cookie of cookies) {
    expect(cookie.path).toBe('/');
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.httpOnly).toBe(false);
    expect(cookie.value.length).toBeLessThanOrEqual(3180);
  }
  expect(days).toBeGreaterThan(399);
  expect(days).toBeLessThanOrEqual(400);
});

test('signing out ends the session and resets what the next user may see', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin.email);
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Organization' })).toBeVisible();
  await page.getByRole('button', { name: ACCOUNTS.admin.name }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/projects');
  await expect(page).toHaveURL('/login?redirectTo=%2Fprojects');
  await signIn(page, ACCOUNTS.member.email);
  await expect(nav.getByRole('link', { name: 'Projects' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Organization' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'User allocations' })).toHaveCount(0);
});

test.describe('with e-mail confirmation on', () => {
  const stack = STACKS.confirmations;

  test('sign-up asks to check the inbox, and the e-mailed link signs in', async ({ page }) => {
    const email = newEmail('carla');
    await page.goto(`${stack.webUrl}/signup`);
    await page.getByLabel('Full name').fill('Carla Confirm');
    await page.getByLabel('Email or phone').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog(page)).toContainText('Success');
    await expect(dialog(page)).toContainText(/inbox/i);

    await page.goto(verifyLink(await latestMail(stack, email)));
    await expect(page).toHaveURL(`${stack.webUrl}/`);
    await expect(page.getByRole('navigation')).toBeVisible();
  });

  test('a used confirmation link shows an error and a way to get a new one', async ({ page, browser }) => {
    const email = newEmail('used');
    await page.goto(`${stack.webUrl}/signup`);
    await page.getByLabel('Full name').fill('Uli Used');
    await page.getByLabel('Email or phone').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog(page)).toContainText('Success');
    const link = verifyLink(await latestMail(stack, email));
    await page.goto(link);
    await expect(page).toHaveURL(`${stack.webUrl}/`);

    const fresh = await browser.newPage();
    await fresh.goto(link);
    await expect(fresh.getByRole('dialog')).toContainText('Error');
    await fresh.getByRole('button', { name: 'OK' }).click();
    await expect(fresh.getByRole('link', { name: /new link|sign in|request/i }).first()).toBeVisible();
    await fresh.close();
  });

  test('password recovery goes through the mailbox to a new password', async ({ page }) => {
    const email = newEmail('rita');
    await page.goto(`${stack.webUrl}/signup`);
    await page.getByLabel('Full name').fill('Rita Recover');
    await page.getByLabel('Email or phone').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog(page)).toContainText('Success');
    await page.goto(verifyLink(await latestMail(stack, email, 'confirmation')));
    await expect(page).toHaveURL(`${stack.webUrl}/`);
    await page.context().clearCookies();

    await page.goto(`${stack.webUrl}/login`);
    await page.getByLabel('Email or phone').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog(page)).toContainText(/e-?mail/i);
    await page.goto(verifyLink(await latestMail(stack, email, 'recovery')));
    await page.getByLabel('New password').fill('brand-new-secret-7');
    await page.getByRole('button', { name: /save|set|choose/i }).click();
    await expect(page).toHaveURL(`${stack.webUrl}/`);

    await page.context().clearCookies();
    await signIn(page, email, 'brand-new-secret-7', `${stack.webUrl}/login`);
  });
});
