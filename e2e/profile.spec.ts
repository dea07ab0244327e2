// The profile: personal details, a new e-mail address confirmed through the mailbox, a new password (with the
// e-mailed code when the auth service asks for reauthentication), and signing out of every device.
import { createSign, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createAccount, latestMail, PASSWORD, serviceClient, verifyLink } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { STACKS, type Stack } from './support/stacks.ts';

const NEW_PASSWORD = 'fresh-secret-84';

async function freshAccount(label: string) {
  const email = `${label}.${randomUUID().slice(0, 8)}@example.com`;
  const name = `${label[0].toUpperCase()}${label.slice(1)} Person`;
  await createAccount(STACKS.default, email, name);
  return { email, name };
}

async function closePopup(page: Page, title: 'Success' | 'Error' | 'Notice', text: string | RegExp) {
  // A routine success is a passing notice; everything else is the popup, closed with OK.
  if (title === 'Success') return expectNotice(page, text);
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

async function signInFails(page: Page, email: string, password: string, baseUrl = '') {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email or phone').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail or password is wrong.');
}

test('a person edits their name, job title and time zone, and sees their capacity read-only', async ({ page }) => {
  const person = await freshAccount('dora');
  await signIn(page, person.email);
  await page.goto('/profile');
  await expect(page.getByText('40 h (organization default)')).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: /Weekly capacity/ })).toHaveCount(0);

  await page.getByLabel('Full name').fill('Dora Detail');
  await page.getByLabel('Job title').fill('Planner');
  await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Ber');
  await page.getByRole('option', { name: 'Europe/Berlin' }).click();
  await page.getByRole('button', { name: 'Save details' }).click();
  await closePopup(page, 'Success', 'Your profile was saved.');

  await page.reload();
  await expect(page.getByLabel('Job title')).toHaveValue('Planner');
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
  await expect(page.getByRole('button', { name: /Dora Detail/ })).toBeVisible();
});

test('a new e-mail address is taken once its link is opened, and then signs in', async ({ page }) => {
  const person = await freshAccount('eric');
  const newEmail = `eric.new.${randomUUID().slice(0, 8)}@example.com`;
  await signIn(page, person.email);
  await page.goto('/profile');
  await page.getByLabel('New e-mail address').fill(newEmail);
  await page.getByRole('button', { name: 'Send confirmation link' }).click();
  // A success the person must act on stays as a dialog.
  const checkInbox = page.getByRole('dialog', { name: 'Success' });
  await expect(checkInbox).toContainText(`Check the inbox of ${newEmail}`);
  await checkInbox.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText(`A change to ${newEmail} waits for confirmation`)).toBeVisible();

  await page.goto(verifyLink(await latestMail(STACKS.default, newEmail, 'email_change')));
  await page.goto('/profile');
  await expect(page.getByTestId('current-email')).toHaveText(newEmail);

  await page.context().clearCookies();
  await signInFails(page, person.email, PASSWORD);
  await signIn(page, newEmail);
});

test('a changed password replaces the old one', async ({ page }) => {
  const person = await freshAccount('paul');
  await signIn(page, person.email);
  await page.goto('/profile');
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await closePopup(page, 'Success', 'Your password was changed.');

  await page.context().clearCookies();
  await signInFails(page, person.email, PASSWORD);
  await signIn(page, person.email, NEW_PASSWORD);
});

test('a weak new password is refused with the reasons', async ({ page }) => {
  const person = await freshAccount('wanda');
  await signIn(page, person.email);
  await page.goto('/profile');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await closePopup(page, 'Error', 'Choose a stronger password');
  await expect(page.getByRole('list', { name: 'Reasons for rejection' })).toBeVisible();
});

test('signing out of all devices ends the sessions of other browsers too', async ({ page, browser }) => {
  const person = await freshAccount('sven');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, person.email);
  await signIn(page, person.email);

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out of all devices' }).click();
  await page
    .getByRole('dialog', { name: 'Sign out of all devices' })
    .getByRole('button', { name: 'Sign out everywhere' })
    .click();
  await expect(page).toHaveURL(/\/login$/);

  await otherPage.goto('/projects');
  await expect(otherPage).toHaveURL('/login?redirectTo=%2Fprojects');
  await other.close();
});

test.describe('with secure password change on', () => {
  const stack = STACKS.confirmations;

  test('an old session confirms a new password with the code e-mailed to it', async ({ page, browser }) => {
    const email = `rhea.${randomUUID().slice(0, 8)}@example.com`;
    const created = await serviceClient(stack).auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    await signIn(page, email, PASSWORD, `${stack.webUrl}/login`);
    await ageSession(page.context(), stack);

    await page.goto(`${stack.webUrl}/profile`);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await closePopup(page, 'Notice', `we e-mailed a code to ${email}`);
    const code = /\b(\d{6})\b/.exec((await latestMail(stack, email, 'reauthentication')).text)?.[1];
    expect(code).toBeTruthy();

    await page.getByLabel('Code from the e-mail').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Change password' }).click();
    await closePopup(page, 'Error', 'The code is not valid or has expired.');
    await page.getByLabel('Code from the e-mail').fill(code!);
    await page.getByRole('button', { name: 'Change password' }).click();
    await closePopup(page, 'Success', 'Your password was changed.');

    const fresh = await browser.newPage();
    await signInFails(fresh, email, PASSWORD, stack.webUrl);
    await signIn(fresh, email, NEW_PASSWORD, `${stack.webUrl}/login`);
    await fresh.close();
  });
});

const SESSION_COOKIE = /^sb-127-auth-token(\.\d+)?$/;
const CHUNK_SIZE = 3180;

/**
 * Makes the browser's session look as the auth service sees one signed in long ago: a recent sign-in is what lets a
 * password change skip reauthentication, and a token without a session id proves none (GoTrue asks for the code
 * when the session is missing or older than 24 hours). The token is re-signed with the stack's own key.
 */
async function ageSession(context: BrowserContext, stack: Stack) {
  const cookies = (await context.cookies()).filter((cookie) => SESSION_COOKIE.test(cookie.name));
  cookies.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
  const encoded = cookies.map((cookie) => cookie.value).join('');
  const session = JSON.parse(Buffer.from(encoded.replace(/^base64-/, ''), 'base64url').toString('utf8'));
  session.access_token = withoutSessionId(session.access_token, stack);
  const value = `base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
  const chunks = value.match(new RegExp(`.{1,${CHUNK_SIZE}}`, 'g'))!;
  const template = cookies[0];
  await context.clearCookies({ name: SESSION_COOKIE });
  await context.addCookies(
    chunks.map((chunk, index) => ({
      ...template,
      name: chunks.length === 1 ? 'sb-127-auth-token' : `sb-127-auth-token.${index}`,
      value: chunk,
    })),
  );
}

function withoutSessionId(token: string, stack: Stack): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  delete claims.session_id;
  const [jwk] = JSON.parse(readFileSync(stack.env.SUPABASE_AUTH_SIGNING_KEYS_PATH, 'utf8'));
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createSign('SHA256')
    .update(body)
    .sign({ key: jwk, format: 'jwk', dsaEncoding: 'ieee-p1363' })
    .toString('base64url');
  return `${body}.${signature}`;
}
