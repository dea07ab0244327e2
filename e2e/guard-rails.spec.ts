// Warnings before an allocation is saved (outside the project's dates, over its budget, over the person's time off,
// on no work day) on the project page and in the planner, which still let it be saved; the project page's list of
// allocations outside its dates; narrowing a project's dates offers to cut its allocations back to them.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { createAccount, serviceClient } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { barsOf, expand, mondayPlus } from './support/planner.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
const service = () => serviceClient(stack);
const tag = () => `G${randomUUID().slice(0, 8)}`;

async function insert<T = { id: string }>(table: string, row: Record<string, unknown>): Promise<T> {
  const { data, error } = await service().from(table).insert(row).select('id').single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as T;
}

async function fillDate(page: Page, label: string, date: string) {
  const field = page.getByRole('dialog').getByLabel(new RegExp(`^${label}`));
  await field.fill(date);
  await field.blur();
}

test('the project page warns before saving, lists allocations outside the dates, and cuts them back', async ({
  page,
}) => {
  const t = tag();
  const name = `${t} Person`;
  const personId = await createAccount(stack, `${t.toLowerCase()}@example.com`, name);
  // Monday 3 to Friday 14 March 2031, 40 hours; the person is away Thursday and Friday of the first week.
  const project = await insert('projects', {
    name: `${t} Guarded`,
    status: 'active',
    start_date: '2031-03-03',
    end_date: '2031-03-14',
    budget_hours: 40,
  });
  await insert('time_off', { user_id: personId, start_date: '2031-03-06', end_date: '2031-03-07', kind: 'vacation' });

  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: 'New allocation' }).click();
  const form = page.getByRole('dialog', { name: 'New allocation' });
  await form.getByRole('combobox', { name: 'Person' }).fill(name);
  await page.getByRole('option', { name }).click();
  await fillDate(page, 'Start date', '2031-03-03');
  await fillDate(page, 'End date', '2031-03-21');
  const warnings = form.getByTestId('allocation-warnings');
  await expect(warnings).toContainText("Outside the project's dates (3 – 14 Mar 2031): 7 days after it ends.");
  await expect(warnings).toContainText("Over the project's budget: 104 of 40 hours planned with this allocation");
  await expect(warnings).toContainText(`${name} is away 6 – 7 Mar 2031 (vacation)`);

  // Only a weekend: no work day at all.
  await fillDate(page, 'Start date', '2031-03-08');
  await fillDate(page, 'End date', '2031-03-09');
  await expect(warnings).toContainText(`These dates fall only on days ${name} does not work`);
  await expect(warnings).not.toContainText('budget');

  // A warning, not a refusal: it saves as it is.
  await fillDate(page, 'Start date', '2031-03-10');
  await fillDate(page, 'End date', '2031-03-21');
  await expect(warnings).toContainText('7 days after it ends');
  await form.getByRole('button', { name: 'Create allocation' }).click();
  await expectNotice(page, 'The allocation was added.');
  const outside = page.getByTestId('outside-dates');
  await expect(outside).toContainText('1 allocation falls outside 3 – 14 Mar 2031');
  await expect(outside).toContainText(`${name}, 10 – 21 Mar 2031`);

  // Narrowing the dates says how many allocations fall outside them and offers to cut them back.
  await page.getByRole('button', { name: 'Edit project' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit project' });
  await expect(edit.getByTestId('outside-dates-offer')).toContainText('1 allocation of this project falls outside');
  await fillDate(page, 'End date', '2031-03-12');
  await expect(edit.getByTestId('outside-dates-offer')).toContainText('1 allocation of this project falls outside');
  await expect(edit.getByLabel(/Cut the allocation reaching outside/)).toBeChecked();
  await edit.getByRole('button', { name: 'Save project' }).click();
  await expectNotice(page, '1 allocation cut to its dates');
  await expect(outside).toBeHidden();
  await expect(page.getByRole('table', { name: 'Team', exact: true })).toContainText('12 Mar 2031');
});

test('the planner warns in its dialog before saving', async ({ page }) => {
  const t = tag();
  const name = `${t} Planned`;
  const personId = await createAccount(stack, `${t.toLowerCase()}@example.com`, name);
  // The project starts next week with a budget of 10 hours; the person is booked this week for 40.
  const project = await insert('projects', {
    name: `${t} Later`,
    status: 'active',
    start_date: mondayPlus(7),
    end_date: mondayPlus(11),
    budget_hours: 10,
  });
  await insert('allocations', {
    project_id: project.id,
    user_id: personId,
    start_date: mondayPlus(0),
    end_date: mondayPlus(4),
    hours_per_day: 8,
  });

  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/user-allocations');
  await page.getByLabel('Person', { exact: true }).fill(name);
  await expand(page, personId);
  await barsOf(page, personId).click();
  const dialog = page.getByRole('dialog', { name: 'Edit allocation' });
  const warnings = dialog.getByTestId('allocation-warnings');
  await expect(warnings).toContainText('5 days before it starts');
  await expect(warnings).toContainText("Over the project's budget: 40 of 10 hours planned with this allocation");
  // Fixing the dates and hours takes the warnings away.
  await fillDate(page, 'Start date', mondayPlus(7));
  await fillDate(page, 'End date', mondayPlus(8));
  await dialog.getByLabel('Hours per day').fill('5');
  await expect(warnings).toBeHidden();
  await dialog.getByRole('button', { name: 'Save allocation' }).click();
  await expect(dialog).toBeHidden();
});

test('the person picker shows who is free on the chosen dates, the most free first', async ({ page }) => {
  const t = tag();
  const busy = await createAccount(stack, `${t.toLowerCase()}.a@example.com`, `${t} Alpha`);
  await createAccount(stack, `${t.toLowerCase()}.z@example.com`, `${t} Zed`);
  const project = await insert('projects', { name: `${t} Staffing`, status: 'active' });
  // Alpha is booked 6 hours a day in the week of Monday 7 April 2031.
  await insert('allocations', {
    project_id: project.id,
    user_id: busy,
    start_date: '2031-04-07',
    end_date: '2031-04-11',
    hours_per_day: 6,
  });

  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('button', { name: 'New allocation' }).click();
  const form = page.getByRole('dialog', { name: 'New allocation' });
  await fillDate(page, 'Start date', '2031-04-07');
  await fillDate(page, 'End date', '2031-04-11');
  await expect(form.getByText('The most free on these dates first')).toBeVisible();
  await form.getByRole('combobox', { name: 'Person' }).fill(t);
  const options = page.getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(options.nth(0)).toContainText(`${t} Zed`);
  await expect(options.nth(0)).toContainText('40 h free of 40');
  await expect(options.nth(1)).toContainText(`${t} Alpha`);
  await expect(options.nth(1)).toContainText('10 h free of 40');
});
