// Time off on the profile: a person records their own, sees it listed, removes it after confirming; nobody records
// someone else's without being a manager.
import { randomUUID } from 'node:crypto';
import { createNodeClient } from '@teamplan/supabase-node';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.ts';
import { apiKeys, createAccount, PASSWORD, serviceClient } from './support/backend.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;

async function freshMember() {
  const email = `away.${randomUUID().slice(0, 8)}@example.com`;
  const id = await createAccount(stack, email, `Away ${randomUUID().slice(0, 4)}`);
  return { email, id };
}

async function expectPopup(page: Page, title: 'Success' | 'Error', text: string) {
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

async function fillDate(page: Page, label: string, date: string) {
  const field = page.getByLabel(new RegExp(`^${label}`));
  await field.fill(date);
  await field.blur();
}

test('a person records time off on their profile, sees it, and removes it after confirming', async ({ page }) => {
  const person = await freshMember();
  await signIn(page, person.email);
  await page.goto('/profile');
  await expect(page.getByText('No time off planned.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Sick' }).click();
  await fillDate(page, 'First day', '2030-05-08');
  await fillDate(page, 'Last day', '2030-05-06');
  await page.getByRole('button', { name: 'Add time off' }).click();
  await expectPopup(page, 'Error', 'Some fields need another look');
  await expect(page.getByText('The last day must not be before the first day.')).toBeVisible();

  await fillDate(page, 'Last day', '2030-05-10');
  await page.getByLabel('Note').fill('Dentist and recovery');
  await page.getByRole('button', { name: 'Add time off' }).click();
  await expectPopup(page, 'Success', 'Sick 8 – 10 May 2030 was recorded.');
  const upcoming = page.getByRole('region', { name: 'Upcoming time off' });
  await expect(upcoming).toContainText('8 – 10 May 2030');
  await expect(upcoming).toContainText('Dentist and recovery');
  const { data: stored } = await serviceClient(stack).from('time_off').select('kind,note').eq('user_id', person.id);
  expect(stored).toEqual([{ kind: 'sick', note: 'Dentist and recovery' }]);

  await page.reload();
  await upcoming.getByRole('button', { name: 'Remove time off 8 – 10 May 2030' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove time off' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectPopup(page, 'Success', 'The time off was removed.');
  await expect(page.getByText('No time off planned.')).toBeVisible();
});

test('a member cannot record or remove time off of someone else', async () => {
  const person = await freshMember();
  const { data: entry } = await serviceClient(stack)
    .from('time_off')
    .insert({ user_id: person.id, kind: 'vacation', start_date: '2030-07-01', end_date: '2030-07-05' })
    .select('id')
    .single()
    .throwOnError();
  const member = createNodeClient(stack.apiUrl, apiKeys(stack).anonKey);
  await member.auth.signInWithPassword({ email: ACCOUNTS.member.email, password: PASSWORD });
  const insert = await member
    .from('time_off')
    .insert({ user_id: person.id, kind: 'other', start_date: '2030-08-01', end_date: '2030-08-01' });
  expect(insert.error).not.toBeNull();
  const removal = await member.from('time_off').delete().eq('id', entry!.id).select('id');
  expect(removal.data ?? []).toHaveLength(0);
  const { count } = await serviceClient(stack)
    .from('time_off')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', person.id);
  expect(count).toBe(1);
});
