// Time off on the profile: a person records their own, sees it listed, removes it after confirming; nobody records
// someone else's without being a manager.
import { randomUUID } from 'node:crypto';
import { createNodeClient } from '@teamplan/supabase-node';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { apiKeys, createAccount, PASSWORD, serviceClient } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { barsOf, expand, mondayPlus, MONTHS } from './support/planner.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;

async function freshMember() {
  const email = `away.${randomUUID().slice(0, 8)}@example.com`;
  const id = await createAccount(stack, email, `Away ${randomUUID().slice(0, 4)}`);
  return { email, id };
}

async function expectPopup(page: Page, title: 'Success' | 'Error', text: string) {
  // A routine success is a passing notice; everything else is the popup, closed with OK.
  if (title === 'Success') return expectNotice(page, text);
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

/** A range as the app writes it: "3 – 4 Jun 2030", "30 Jun – 1 Jul 2030". */
function shownRange(start: string, end: string) {
  const [y1, m1, d1] = start.split('-').map(Number);
  const [y2, m2, d2] = end.split('-').map(Number);
  const last = `${d2} ${MONTHS[m2 - 1]} ${y2}`;
  if (y1 !== y2) return `${d1} ${MONTHS[m1 - 1]} ${y1} – ${last}`;
  return m1 === m2 ? `${d1} – ${last}` : `${d1} ${MONTHS[m1 - 1]} – ${last}`;
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

test('time off that overlaps booked work says what it overlaps, and part of a day can be taken off', async ({
  page,
}) => {
  const person = await freshMember();
  const service = serviceClient(stack);
  const { data: project } = await service
    .from('projects')
    .insert({ name: `Overlapped ${randomUUID().slice(0, 6)}`, status: 'active' })
    .select('id,name')
    .single()
    .throwOnError();
  // Monday 3 to Friday 7 June 2030, 8 hours a day.
  await service
    .from('allocations')
    .insert({
      project_id: project!.id,
      user_id: person.id,
      start_date: '2030-06-03',
      end_date: '2030-06-07',
      hours_per_day: 8,
    })
    .throwOnError();
  await signIn(page, person.email);
  await page.goto('/profile');
  await fillDate(page, 'First day', '2030-06-05');
  await fillDate(page, 'Last day', '2030-06-09');
  const overlaps = page.getByTestId('time-off-overlaps');
  await expect(overlaps).toContainText(`${project!.name}: 5 – 7 Jun 2030, 3 work days, 24 hours booked`);

  await page.getByLabel('Hours off a day').fill('3,5');
  await page.getByRole('button', { name: 'Add time off' }).click();
  await expectPopup(page, 'Success', 'Vacation 5 – 9 Jun 2030 (3.5 hours a day) was recorded.');
  await expect(page.getByRole('region', { name: 'Upcoming time off' })).toContainText(
    '5 – 9 Jun 2030, 3.5 hours a day',
  );
  const { data: stored } = await service.from('time_off').select('hours').eq('user_id', person.id);
  expect(stored).toEqual([{ hours: 3.5 }]);
});

test('the planner draws the days a person is away as a gap in their bars', async ({ page }) => {
  const person = await freshMember();
  const service = serviceClient(stack);
  const { data: project } = await service
    .from('projects')
    .insert({ name: `Gapped ${randomUUID().slice(0, 6)}`, status: 'active' })
    .select('id')
    .single()
    .throwOnError();
  await service
    .from('allocations')
    .insert({
      project_id: project!.id,
      user_id: person.id,
      start_date: mondayPlus(0),
      end_date: mondayPlus(4),
      hours_per_day: 8,
    })
    .throwOnError();
  await service
    .from('time_off')
    .insert({ user_id: person.id, kind: 'vacation', start_date: mondayPlus(2), end_date: mondayPlus(3) })
    .throwOnError();
  const { data: profile } = await service.from('profiles').select('full_name').eq('id', person.id).single();
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/user-allocations');
  await page.getByLabel('Person', { exact: true }).fill(profile!.full_name);
  await expand(page, person.id);
  const bar = barsOf(page, person.id);
  await expect(bar.locator('[data-gap]')).toHaveCount(1);
  await expect(bar.locator('[data-gap]')).toHaveAttribute('data-whole', 'true');
  await expect(bar).toContainText(`away ${shownRange(mondayPlus(2), mondayPlus(3))}`);
  // Two of the bar's five days: the gap is about two fifths of its width, starting two fifths in.
  const barBox = (await bar.boundingBox())!;
  const gapBox = (await bar.locator('[data-gap]').boundingBox())!;
  expect(Math.round(((gapBox.x - barBox.x) / barBox.width) * 5)).toBe(2);
  expect(Math.round((gapBox.width / barBox.width) * 5)).toBe(2);
});
