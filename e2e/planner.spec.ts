// The planner at /user-allocations: utilization colors, expanding rows, drag to create, move and resize, edit,
// delete and undo, CSV export, filters, tentative work, the keyboard, a refused change, and who may write.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { createNodeClient } from '@teamplan/supabase-node';
import { ACCOUNTS } from './support/accounts.ts';
import { apiKeys, createAccount, PASSWORD, serviceClient } from './support/backend.ts';
import { fillIn } from './support/dialogs.ts';
import { signIn } from './support/session.ts';
import { addLane, barsOf, cellOf, drag, expand, mondayPlus, personRow, shown } from './support/planner.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
const service = () => serviceClient(stack);
const RUN = Date.now().toString(36);

const THIS_MONDAY = mondayPlus(0);
const THIS_FRIDAY = mondayPlus(4);

let projectId: string;
let otherProjectId: string;
const PROJECT = `Orbit ${RUN}`;
const OTHER_PROJECT = `Quasar ${RUN}`;
const people: Record<'full' | 'over' | 'partly' | 'tentative' | 'blank', { id: string; name: string }> = {} as never;

async function allocate(userId: string, fields: Record<string, unknown>) {
  const { data, error } = await service()
    .from('allocations')
    .insert({ project_id: projectId, user_id: userId, start_date: THIS_MONDAY, end_date: THIS_FRIDAY, ...fields })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

async function allocationsOf(userId: string) {
  const { data } = await service()
    .from('allocations')
    .select('id, project_id, start_date, end_date, hours_per_day, tentative')
    .eq('user_id', userId)
    .order('start_date');
  return (data ?? []).map((row) => ({ ...row, hours_per_day: Number(row.hours_per_day) }));
}

test.beforeAll(async () => {
  const projects = await service()
    .from('projects')
    .insert([
      { name: PROJECT, color: '#1c7ed6', status: 'active' },
      { name: OTHER_PROJECT, color: '#e8590c', status: 'active' },
    ])
    .select('id, name');
  if (projects.error) throw new Error(projects.error.message);
  projectId = projects.data.find((p) => p.name === PROJECT)!.id;
  otherProjectId = projects.data.find((p) => p.name === OTHER_PROJECT)!.id;
  const titles = { full: 'Designer', over: 'Engineer', partly: 'Engineer', tentative: 'Analyst', blank: 'Analyst' };
  for (const key of Object.keys(titles) as (keyof typeof titles)[]) {
    const name = `Plan ${key} ${RUN}`;
    const id = await createAccount(stack, `plan-${key}-${RUN}@example.com`, name);
    await service()
      .from('profiles')
      .update({ job_title: `${titles[key]} ${RUN}` })
      .eq('id', id);
    people[key] = { id, name };
  }
  await allocate(people.full.id, { hours_per_day: 8 });
  await allocate(people.over.id, { hours_per_day: 6 });
  await allocate(people.over.id, { hours_per_day: 4, project_id: otherProjectId });
  await allocate(people.partly.id, { hours_per_day: 4 });
  await allocate(people.tentative.id, { hours_per_day: 8, tentative: true });
});

async function openPlanner(page: Page, search = RUN) {
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/user-allocations');
  await page.getByLabel('Person', { exact: true }).fill(search);
  await expect(page.getByRole('grid')).toBeVisible();
}

async function chooseProject(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Project' }).fill(name);
  await page.getByRole('option', { name }).click();
}

test('cells show each person’s utilization with its state in color and words', async ({ page }) => {
  await openPlanner(page);
  await expect(cellOf(page, people.full.id, 0)).toHaveAttribute('data-state', 'full');
  await expect(cellOf(page, people.full.id, 0)).toContainText('100%');
  await expect(cellOf(page, people.over.id, 0)).toHaveAttribute('data-state', 'over');
  await expect(cellOf(page, people.over.id, 0)).toContainText('125%');
  await expect(cellOf(page, people.over.id, 0)).toHaveAccessibleName(/50 of 40 hours, 125%, over-allocated/);
  await expect(cellOf(page, people.partly.id, 0)).toHaveAttribute('data-state', 'partly');
  await expect(cellOf(page, people.blank.id, 0)).toHaveAttribute('data-state', 'free');
  await expect(cellOf(page, people.full.id, 1)).toHaveAttribute('data-state', 'free');

  await expand(page, people.over.id);
  await expect(barsOf(page, people.over.id)).toHaveCount(2);
  await expect(barsOf(page, people.over.id).first()).toContainText(/h\/day/);
  await expand(page, people.tentative.id);
  await expect(barsOf(page, people.tentative.id)).toHaveAttribute('data-tentative', 'true');
});

test('filters by person, job title and project, and tentative work counts only when included', async ({ page }) => {
  await openPlanner(page);
  await expect(page.locator('[role="row"][data-kind="person"]')).toHaveCount(5);
  await page.getByRole('combobox', { name: 'Job title' }).click();
  await page.getByRole('option', { name: `Engineer ${RUN}` }).click();
  await expect(page.locator('[role="row"][data-kind="person"]')).toHaveCount(2);
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name: OTHER_PROJECT }).click();
  await expect(page.locator('[role="row"][data-kind="person"]')).toHaveCount(1);
  await expect(personRow(page, people.over.id)).toBeVisible();
  await page.getByLabel('Person', { exact: true }).fill('nobody-matches-this');
  await expect(page.getByText('No one matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  await page.getByLabel('Person', { exact: true }).fill(people.tentative.name);
  await expect(cellOf(page, people.tentative.id, 0)).toContainText('100%');
  await page.getByRole('switch', { name: 'Include tentative' }).click({ force: true });
  await expect(page).toHaveURL(/tentative=off/);
  await expect(cellOf(page, people.tentative.id, 0)).toContainText('0%');
  await expand(page, people.tentative.id);
  await expect(barsOf(page, people.tentative.id)).toHaveCount(0);
});

test('exports what is shown as CSV', async ({ page }) => {
  await openPlanner(page);
  await page.getByLabel('Person', { exact: true }).fill(`Plan full ${RUN}`);
  await expect(page.locator('[role="row"][data-kind="person"]')).toHaveCount(1);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^teamplan-plan-.*\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain(`Person,Job title,${THIS_MONDAY} allocated hours,${THIS_MONDAY} capacity hours`);
  expect(lines[1]).toMatch(new RegExp(`^Plan full ${RUN},Designer ${RUN},40,40,100,0,40,0`));
});

test('drag to create, move, resize, click to edit, delete and undo, all saved across a reload', async ({ page }) => {
  const person = people.blank;
  await openPlanner(page, person.name);
  await expand(page, person.id);

  // Drag over the next two weeks of the empty lane.
  const lane = addLane(page, person.id);
  await drag(page, lane.getByRole('gridcell').nth(1), 96);
  const dialog = page.getByRole('dialog', { name: 'New allocation' });
  await expect(dialog.getByLabel('Start date')).toHaveValue(shown(mondayPlus(7)));
  await expect(dialog.getByLabel('End date')).toHaveValue(shown(mondayPlus(20)));
  // Nothing is saved while a rule is broken; the messages are the ones the project page's form answers with.
  await dialog.getByLabel('End date').fill(mondayPlus(6));
  await dialog.getByLabel('End date').blur();
  await dialog.getByRole('button', { name: 'Create allocation' }).click();
  await expect(dialog).toContainText('Choose a project.');
  await expect(dialog).toContainText('The end date must not be before the start date.');
  await expect(barsOf(page, person.id)).toHaveCount(0);
  await dialog.getByLabel('End date').fill(mondayPlus(20));
  await dialog.getByLabel('End date').blur();
  await chooseProject(page, PROJECT);
  await fillIn(dialog, 'Hours per day', '4');
  await dialog.getByRole('button', { name: 'Create allocation' }).click();
  // Gone before the next drag, which its fading overlay would otherwise catch.
  await expect(dialog).toBeHidden();
  await expect(barsOf(page, person.id)).toHaveCount(1);
  await expect(page.getByRole('status')).toHaveText('All changes saved');
  await expect
    .poll(() => allocationsOf(person.id))
    .toEqual([expect.objectContaining({ start_date: mondayPlus(7), end_date: mondayPlus(20), hours_per_day: 4 })]);
  await expect(cellOf(page, person.id, 1)).toContainText('50%');

  // Move a week later, then stretch the end by a week.
  const bar = barsOf(page, person.id);
  await drag(page, bar, 96);
  await expect.poll(async () => (await allocationsOf(person.id))[0]?.start_date).toBe(mondayPlus(14));
  await drag(page, bar, 96, { x: (await bar.boundingBox())!.width - 3 });
  await expect.poll(async () => (await allocationsOf(person.id))[0]?.end_date).toBe(mondayPlus(34));
  expect((await allocationsOf(person.id))[0].start_date).toBe(mondayPlus(14));

  // Undo (Ctrl+Z) takes back the resize only.
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await allocationsOf(person.id))[0]?.end_date).toBe(mondayPlus(27));

  // Click to edit.
  await bar.click();
  const edit = page.getByRole('dialog', { name: 'Edit allocation' });
  await fillIn(edit, 'Hours per day', '6');
  await edit.getByRole('checkbox', { name: /Tentative/ }).check();
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  await expect.poll(async () => (await allocationsOf(person.id))[0]?.hours_per_day).toBe(6);
  await expect(bar).toHaveAttribute('data-tentative', 'true');

  await page.reload();
  await page.getByLabel('Person', { exact: true }).fill(person.name);
  await expand(page, person.id);
  await expect(barsOf(page, person.id)).toHaveCount(1);
  await expect(barsOf(page, person.id)).toContainText('6h/day');

  // Delete (with confirmation), then undo brings it back.
  await barsOf(page, person.id).click();
  await page.getByRole('dialog', { name: 'Edit allocation' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Edit allocation' }).getByRole('button', { name: 'Delete' }).click();
  await expect(barsOf(page, person.id)).toHaveCount(0);
  await expect.poll(() => allocationsOf(person.id)).toEqual([]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(barsOf(page, person.id)).toHaveCount(1);
  await expect.poll(async () => (await allocationsOf(person.id)).length).toBe(1);
  await service().from('allocations').delete().eq('user_id', person.id);
});

test('works with the keyboard alone: expand, create, move, resize and delete', async ({ page }) => {
  const person = people.partly;
  await openPlanner(page, person.name);
  const name = personRow(page, person.id).getByRole('rowheader');
  await name.focus();
  await page.keyboard.press('Enter');
  await expect(addLane(page, person.id)).toBeVisible();
  // Down past the existing allocation's lane to the empty lane, then right to next week.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /press Enter to add an allocation/);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New allocation' });
  await expect(dialog.getByLabel('Start date')).toHaveValue(shown(mondayPlus(7)));
  await chooseProject(page, OTHER_PROJECT);
  await dialog.getByRole('button', { name: 'Create allocation' }).click();
  await expect(dialog).toBeHidden();
  await expect(barsOf(page, person.id)).toHaveCount(2);
  await expect.poll(async () => (await allocationsOf(person.id)).length).toBe(2);

  const created = barsOf(page, person.id).filter({ hasText: OTHER_PROJECT });
  await created.focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect
    .poll(async () => (await allocationsOf(person.id)).find((a) => a.project_id === otherProjectId)?.start_date)
    .toBe(mondayPlus(14));
  await created.focus();
  await page.keyboard.press('Shift+Alt+ArrowRight');
  await expect
    .poll(async () => (await allocationsOf(person.id)).find((a) => a.project_id === otherProjectId)?.end_date)
    .toBe(mondayPlus(27));
  await created.focus();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog', { name: 'Delete allocation' }).getByRole('button', { name: 'Delete' }).click();
  await expect.poll(async () => (await allocationsOf(person.id)).length).toBe(1);
});

test('a change the backend refuses is rolled back with the reason', async ({ page }) => {
  const person = people.full;
  await openPlanner(page, person.name);
  await expand(page, person.id);
  const bar = barsOf(page, person.id);
  await bar.click();
  const edit = page.getByRole('dialog', { name: 'Edit allocation' });
  await edit.getByLabel('End date').fill('2045-01-01');
  await edit.getByLabel('End date').blur();
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  const popup = page.getByRole('dialog').filter({ hasText: 'Error' });
  await expect(popup).toContainText('An allocation may span ten years at most.');
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(bar).toHaveAccessibleName(new RegExp(`to ${Number(THIS_FRIDAY.slice(8))} `));
  expect((await allocationsOf(person.id))[0].end_date).toBe(THIS_FRIDAY);
  await expect(page.getByRole('status')).toHaveText('The last change was not saved');
});

test('a member without the permission cannot open the planner nor write allocations with their own token', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.member.email);
  await page.goto('/user-allocations');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('dialog')).toContainText('You do not have permission to open this page.');

  const member = createNodeClient(stack.apiUrl, apiKeys(stack).anonKey);
  const session = await member.auth.signInWithPassword({ email: ACCOUNTS.member.email, password: PASSWORD });
  expect(session.error).toBeNull();
  const target = (await allocationsOf(people.full.id))[0];
  const insert = await member.from('allocations').insert({
    project_id: projectId,
    user_id: people.blank.id,
    start_date: THIS_MONDAY,
    end_date: THIS_FRIDAY,
    hours_per_day: 2,
  });
  expect(insert.error?.code).toBe('42501');
  const update = await member.from('allocations').update({ hours_per_day: 1 }).eq('id', target.id).select();
  expect(update.data ?? []).toEqual([]);
  const removal = await member.from('allocations').delete().eq('id', target.id).select();
  expect(removal.data ?? []).toEqual([]);
  expect(await allocationsOf(people.full.id)).toEqual([expect.objectContaining({ id: target.id, hours_per_day: 8 })]);
});
