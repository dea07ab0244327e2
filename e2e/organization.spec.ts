// The organization page as user managers use it: inviting people who then join through the e-mailed link, changing
// permissions, removing members, resending and revoking invitations, settings, sign-up by invitation only, and the
// audit trail. Every test uses fresh addresses; whatever changes the whole organization is put back in `finally`.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import {
  createAccount,
  latestMail,
  PASSWORD,
  serviceClient,
  verifyLink,
  type MailboxMessage,
} from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
const LAST_MANAGER = 'The organization needs at least one member who can manage users.';

const unique = () => randomUUID().slice(0, 8);

async function closePopup(page: Page, title: 'Success' | 'Error' | 'Notice', text: string | RegExp) {
  // A routine success is a passing notice; everything else is the popup, closed with OK.
  if (title === 'Success') return expectNotice(page, text);
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

async function openMembers(page: Page, search: string, baseUrl = '') {
  await page.goto(`${baseUrl}/organization`);
  await page.getByLabel('Search members').fill(search);
}

async function invite(page: Page, email: string, permissions: string[] = []) {
  await page.goto('/organization?tab=invitations');
  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('E-mail').fill(email);
  for (const permission of permissions) await form.getByLabel(permission).check();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await closePopup(page, 'Success', `Invitation sent to ${email}.`);
}

async function invitationsTo(email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${stack.apiUrl}/mailbox/messages?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as MailboxMessage[]).filter((message) => message.kind === 'invite');
}

test('an invited person joins through the e-mailed link with the permissions they were invited with', async ({
  page,
  browser,
}) => {
  const email = `ina.${unique()}@example.com`;
  await signIn(page, ACCOUNTS.admin.email);
  await invite(page, email, ['Can manage projects']);
  const pending = page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email });
  await expect(pending).toContainText(ACCOUNTS.admin.name);

  const invitee = await browser.newPage();
  await invitee.goto(verifyLink(await latestMail(stack, email, 'invite')));
  // Joining, they are asked for their name as well as a password.
  await expect(invitee.getByRole('heading', { name: 'Welcome! Who are you?' })).toBeVisible();
  await invitee.getByLabel('New password').fill('invited-secret-7');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee.getByText('Enter your name.')).toBeVisible();
  await invitee.getByLabel('Your name').fill('Ina Invited');
  await invitee.getByRole('button', { name: 'Save password' }).click();
  await expect(invitee).toHaveURL(`${stack.webUrl}/`);
  const { data: profile } = await serviceClient(stack).from('profiles').select('full_name').eq('email', email).single();
  expect(profile?.full_name).toBe('Ina Invited');
  const nav = invitee.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'User allocations' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Organization' })).toHaveCount(0);
  await invitee.context().clearCookies();
  await signIn(invitee, email, 'invited-secret-7');
  await invitee.close();

  await page.reload();
  await expect(pending).toHaveCount(0);
  await openMembers(page, email);
  // Known by the name they gave when joining.
  await expect(page.getByRole('switch', { name: 'Ina Invited can manage projects' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Ina Invited can manage users' })).not.toBeChecked();
});

test('a permission switch changes what the member sees on their next navigation', async ({ page, browser }) => {
  const name = `Sam Switch ${unique()}`;
  const email = `sam.${unique()}@example.com`;
  await createAccount(stack, email, name);
  const member = await browser.newPage();
  await signIn(member, email);
  const memberNav = member.getByRole('navigation');
  await expect(memberNav.getByRole('link', { name: 'User allocations' })).toHaveCount(0);

  await signIn(page, ACCOUNTS.admin.email);
  await openMembers(page, name);
  const projects = page.getByRole('switch', { name: `${name} can manage projects` });
  await projects.click({ force: true });
  await closePopup(page, 'Success', `${name} can manage projects now.`);
  await expect(projects).toBeChecked();
  await member.goto('/');
  await expect(memberNav.getByRole('link', { name: 'User allocations' })).toBeVisible();

  await projects.click({ force: true });
  await closePopup(page, 'Success', `${name} can no longer manage projects.`);
  await expect(projects).not.toBeChecked();
  await member.goto('/user-allocations');
  await expect(member).toHaveURL(`${stack.webUrl}/`);
  await closePopup(member, 'Error', 'You do not have permission to open this page.');
  await expect(memberNav.getByRole('link', { name: 'User allocations' })).toHaveCount(0);
  await member.close();
});

test('the audit trail shows a permission change: who made it, and before and after', async ({ page }) => {
  const name = `Audrey Audit ${unique()}`;
  await createAccount(stack, `audrey.${unique()}@example.com`, name);
  await signIn(page, ACCOUNTS.admin.email);
  await openMembers(page, name);
  await page.getByRole('switch', { name: `${name} can manage announcements` }).click({ force: true });
  await closePopup(page, 'Success', `${name} can manage announcements now.`);

  await page.getByRole('tab', { name: 'Audit trail' }).click();
  await page.getByRole('combobox', { name: 'Table' }).click();
  await page.getByRole('option', { name: 'Memberships' }).click();
  await expect(page).toHaveURL(/table=organization_users/);
  const change = page
    .getByRole('table', { name: 'Audit trail' })
    .getByRole('row')
    .filter({ hasText: `Changed membership of ${name}` });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText(ACCOUNTS.admin.name);
  await expect(change).toContainText('Can manage announcements: No → Yes');
});

test('removing a member keeps their account but takes away the members’ pages', async ({ page, browser }) => {
  const name = `Rob Removed ${unique()}`;
  const email = `rob.${unique()}@example.com`;
  await createAccount(stack, email, name);
  const member = await browser.newPage();
  await signIn(member, email);
  await expect(member.getByRole('navigation').getByRole('link', { name: 'Projects' })).toBeVisible();

  await signIn(page, ACCOUNTS.admin.email);
  await openMembers(page, name);
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Remove from organization' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove from organization' });
  await expect(confirm).toContainText('Their account stays');
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await closePopup(page, 'Success', `${name} was removed from the organization.`);
  await expect(page.getByText('No member matches this search')).toBeVisible();

  await member.goto('/projects');
  await expect(member.getByRole('heading', { name: 'You do not have access yet' })).toBeVisible();
  await expect(member.getByRole('navigation').getByRole('link', { name: 'Projects' })).toHaveCount(0);
  await member.close();
});

test('an invitation can be sent again, and once revoked its link no longer works', async ({ page, browser }) => {
  const email = `rene.${unique()}@example.com`;
  await signIn(page, ACCOUNTS.admin.email);
  await invite(page, email);
  const pending = page.getByRole('table', { name: 'Pending invitations' }).getByRole('row').filter({ hasText: email });
  await pending.getByRole('button', { name: 'Resend' }).click();
  await closePopup(page, 'Success', `The invitation was sent again to ${email}.`);
  await expect.poll(async () => (await invitationsTo(email)).length).toBe(2);
  const link = verifyLink(await latestMail(stack, email, 'invite'));

  await pending.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke invitation' }).getByRole('button', { name: 'Revoke' }).click();
  await closePopup(page, 'Success', `The invitation to ${email} was revoked.`);
  await expect(pending).toHaveCount(0);

  const stranger = await browser.newPage();
  await stranger.goto(link);
  await closePopup(stranger, 'Error', /invalid or has expired/);
  await stranger.goto(`${stack.webUrl}/`);
  await expect(stranger).toHaveURL(/\/login/);
  await stranger.close();
});

test('settings are checked field by field before anything is saved', async ({ page }) => {
  await signIn(page, ACCOUNTS.admin.email);
  await page.goto('/organization?tab=settings');
  await page.getByLabel('Name').fill(' ');
  const domains = page.getByRole('combobox', { name: 'Allowed e-mail domains' });
  await domains.fill('not_a_domain');
  await domains.press('Enter');
  // Out of range is the field's error, never quietly changed to the largest value allowed.
  const weeklyHours = page.getByLabel('Default weekly capacity (hours)');
  await weeklyHours.fill('200');
  await weeklyHours.blur();
  await expect(weeklyHours).toHaveValue('200');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Enter the organization name.')).toBeVisible();
  await expect(page.getByText('Enter domains like example.com, without "@" or spaces.')).toBeVisible();
  await expect(page.getByText('The default weekly capacity must be between 0 and 168 hours.')).toBeVisible();
  // A comma is a decimal point, not a thousands separator.
  await weeklyHours.fill('37,5');
  await weeklyHours.blur();
  await expect(weeklyHours).toHaveValue('37.5');
});

test('with open sign-up off, an address nobody invited cannot create an account', async ({ page, browser }) => {
  const service = serviceClient(stack);
  await signIn(page, ACCOUNTS.admin.email);
  try {
    await page.goto('/organization?tab=settings');
    await page.getByLabel('Open sign-up').uncheck();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await closePopup(page, 'Success', 'The organization settings were saved.');

    const visitor = await browser.newPage();
    await visitor.goto(`${stack.webUrl}/signup`);
    await visitor.getByLabel('Full name').fill('Olaf Outsider');
    await visitor.getByLabel('Email or phone').fill(`olaf.${unique()}@example.com`);
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await closePopup(visitor, 'Error', /is by invitation only\. Ask a member who manages users to invite you\./);
    await expect(visitor).toHaveURL(/\/signup/);
    await visitor.close();
  } finally {
    const { data } = await service.from('organization').select('id').single();
    await service.from('organization').update({ open_signup: true }).eq('id', data!.id);
  }
});

test.describe('with a single member who can manage users', () => {
  const confirmations = STACKS.confirmations;

  test('that member can neither give up the permission nor be removed', async ({ page }) => {
    const service = serviceClient(confirmations);
    const name = `Lena Last ${unique()}`;
    const email = `lena.${unique()}@example.com`;
    const created = await service.auth.admin.createUser({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { full_name: name },
    });
    const id = created.data.user!.id;
    const promoted = await service.from('organization_users').update({ can_manage_users: true }).eq('user_id', id);
    expect(promoted.error).toBeNull();
    // Everyone else who manages users on this stack steps back for the test, and gets the permission back after it.
    const { data: others } = await service
      .from('organization_users')
      .select('user_id')
      .eq('can_manage_users', true)
      .neq('user_id', id);
    const otherIds = (others ?? []).map((row) => row.user_id as string);
    try {
      if (otherIds.length) {
        const demoted = await service
          .from('organization_users')
          .update({ can_manage_users: false })
          .in('user_id', otherIds);
        expect(demoted.error).toBeNull();
      }
      await signIn(page, email, PASSWORD, `${confirmations.webUrl}/login`);
      await openMembers(page, name, confirmations.webUrl);
      const manageUsers = page.getByRole('switch', { name: `${name} can manage users` });
      await manageUsers.click({ force: true });
      await page.getByRole('dialog', { name: 'Stop managing users?' }).getByRole('button', { name: 'Give up' }).click();
      await closePopup(page, 'Error', LAST_MANAGER);
      await expect(manageUsers).toBeChecked();

      await page.getByRole('button', { name: `Actions for ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Remove from organization' }).click();
      await page
        .getByRole('dialog', { name: 'Remove from organization' })
        .getByRole('button', { name: 'Remove', exact: true })
        .click();
      await closePopup(page, 'Error', LAST_MANAGER);
      await page.reload();
      await page.getByLabel('Search members').fill(name);
      await expect(manageUsers).toBeChecked();
    } finally {
      if (otherIds.length) {
        await service.from('organization_users').update({ can_manage_users: true }).in('user_id', otherIds);
      }
    }
  });
});
