// The project list and a project's page: search, filters, sorting, creating with validation, the team's
// allocations, deleting with confirmation, and a member who sees everything but can change nothing.
import { randomUUID } from 'node:crypto';
import { createNodeClient } from '@teamplan/supabase-node';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { apiKeys, PASSWORD, serviceClient } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
const tag = () => `T${randomUUID().slice(0, 8)}`;

async function createProjects(rows: Record<string, unknown>[]) {
  const { data, error } = await serviceClient(stack).from('projects').insert(rows).select('id,name');
  if (error) throw new Error(`creating projects failed: ${error.message}`);
  return data as { id: string; name: string }[];
}

async function userId(email: string): Promise<string> {
  const { data, error } = await serviceClient(stack).from('profiles').select('id').eq('email', email).single();
  if (error) throw new Error(`no profile for ${email}: ${error.message}`);
  return data.id;
}

async function expectPopup(page: Page, title: 'Success' | 'Error', text: string | RegExp) {
  // A routine success is a passing notice; everything else is the popup, closed with OK.
  if (title === 'Success') return expectNotice(page, text);
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toContainText(text);
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup).toBeHidden();
}

/** Types a date into a date field and leaves it, as a person finishing the field does. */
async function fillDate(page: Page, label: string, date: string) {
  const field = page.getByLabel(new RegExp(`^${label}`));
  await field.fill(date);
  await field.blur();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

const projectRows = (page: Page) => page.getByRole('table', { name: 'Projects' }).locator('tbody tr');

test('a member searches, filters and sorts the projects, archived ones hidden until asked for', async ({ page }) => {
  const t = tag();
  await createProjects([
    { name: `${t} Alpha`, status: 'active', client: `${t} Acme` },
    { name: `${t} Beta`, status: 'planned', client: `${t} Globex` },
    { name: `${t} Gamma`, status: 'completed', client: `${t} Acme` },
  ]);
  await signIn(page, ACCOUNTS.member.email);
  await page.goto('/projects');
  await expect(page.getByRole('button', { name: 'New project' })).toHaveCount(0);

  await page.getByLabel('Search').fill(t);
  await expect(projectRows(page)).toHaveCount(2);
  await expect(projectRows(page).nth(0)).toContainText(`${t} Alpha`);
  await expect(projectRows(page).nth(1)).toContainText(`${t} Beta`);

  await page.getByLabel('Show archived').check();
  await expect(projectRows(page)).toHaveCount(3);
  await expect(page.getByRole('link', { name: `${t} Gamma` })).toBeVisible();

  await page.getByRole('button', { name: 'Sort by project' }).click(); // already by name: now descending
  await expect(projectRows(page).nth(0)).toContainText(`${t} Gamma`);
  await expect(projectRows(page).nth(2)).toContainText(`${t} Alpha`);

  await choose(page, 'Client', `${t} Acme`);
  await expect(projectRows(page)).toHaveCount(2);
  await choose(page, 'Status', 'Completed');
  await expect(projectRows(page)).toHaveCount(1);
  await expect(projectRows(page).first()).toContainText(`${t} Gamma`);

  await page.getByLabel('Search').fill(`${t} nothing like it`);
  await expect(page.getByText('No project matches these filters.')).toBeVisible();
});

test('a project manager creates a project after fixing what the form points out', async ({ page }) => {
  const t = tag();
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New project' }).click();
  const form = page.getByRole('dialog', { name: 'New project' });
  await form.getByLabel('Name').fill(`${t} Launch`);
  await form.getByLabel('Code').fill(t);
  await form.getByRole('combobox', { name: 'Client' }).fill('Initech');
  await fillDate(page, 'Start date', '2027-03-10');
  await fillDate(page, 'End date', '2027-03-01');
  await form.getByLabel('Budget (hours)').fill('120');
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(form.getByText('The end date must not be before the start date.')).toBeVisible();

  await fillDate(page, 'End date', '2027-06-30');
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
  await expectPopup(page, 'Success', `Project "${t} Launch" was created.`);
  await expect(page.getByRole('heading', { name: `${t} Launch` })).toBeVisible();
  await expect(page.getByText('0 h planned of 120 h budget')).toBeVisible();
  await expect(page.getByText('10 Mar – 30 Jun 2027')).toBeVisible();
});

test('a duplicate code is refused by the backend and the reason is shown in words', async ({ page }) => {
  const t = tag();
  await createProjects([{ name: `${t} First`, code: t }]);
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'New project' }).click();
  const form = page.getByRole('dialog', { name: 'New project' });
  await form.getByLabel('Name').fill(`${t} Second`);
  await form.getByLabel('Code').fill(t);
  await form.getByRole('button', { name: 'Create project' }).click();
  // On the Code field itself, with no popup over the form.
  const code = form.getByLabel('Code');
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Another project already uses this code.');
  await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
  await code.fill(`${t}-2`);
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/);
});

test('a form with typed changes asks before Escape or a backdrop click throws them away', async ({ page }) => {
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  // Nothing typed: Escape closes at once.
  await page.getByRole('button', { name: 'New project' }).click();
  const form = page.getByRole('dialog', { name: 'New project' });
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  await page.getByRole('button', { name: 'New project' }).click();
  await form.getByLabel('Name').fill('Half-typed project');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Discard changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(form.getByLabel('Name')).toHaveValue('Half-typed project');

  // A click on the backdrop beside the dialog asks too; Discard closes it.
  await page.mouse.click(5, 5);
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(form).toBeHidden();
  await expect(ask).toBeHidden();
});

test('a member sees a project read-only, and requests crafted by hand are refused', async ({ page }) => {
  const t = tag();
  const [project] = await createProjects([{ name: `${t} Guarded`, status: 'active' }]);
  await serviceClient(stack)
    .from('allocations')
    .insert({
      project_id: project.id,
      user_id: await userId(ACCOUNTS.member.email),
      start_date: '2027-04-05',
      end_date: '2027-04-16',
      hours_per_day: 5,
      tentative: false,
      role: 'Reviewer',
    })
    .throwOnError();

  await signIn(page, ACCOUNTS.member.email);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByRole('table', { name: 'Team', exact: true })).toContainText('Reviewer');
  await expect(page.getByRole('table', { name: 'Team timeline' })).toBeVisible();
  for (const name of ['Edit project', 'Delete project', 'New allocation']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: /Delete allocation/ })).toHaveCount(0);

  // The same member, straight to the data API with their own session.
  const member = createNodeClient(stack.apiUrl, apiKeys(stack).anonKey);
  await member.auth.signInWithPassword({ email: ACCOUNTS.member.email, password: PASSWORD });
  const insert = await member.from('projects').insert({ name: `${t} Sneaky` });
  expect(insert.error?.code).toBe('42501');
  const update = await member
    .from('projects')
    .update({ name: `${t} Renamed` })
    .eq('id', project.id)
    .select('id');
  expect(update.data ?? []).toHaveLength(0);
  const removal = await member.from('projects').delete().eq('id', project.id).select('id');
  expect(removal.data ?? []).toHaveLength(0);
  const allocation = await member.from('allocations').insert({
    project_id: project.id,
    user_id: await userId(ACCOUNTS.member.email),
    start_date: '2027-04-05',
    end_date: '2027-04-05',
    hours_per_day: 1,
    tentative: false,
  });
  expect(allocation.error?.code).toBe('42501');
  const { data: stored } = await serviceClient(stack).from('projects').select('name').eq('id', project.id).single();
  expect(stored?.name).toBe(`${t} Guarded`);

  // And through the page's own action: refused with the reason.
  const response = await page.request.post(`/projects/${project.id}`, { form: { intent: 'delete-project' } });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('you do not have permission');
  await page.goto('/projects');
  await page.getByLabel('Search').fill(t);
  await expect(projectRows(page)).toHaveCount(1);
});

test('a project manager adds, edits and deletes an allocation on the project page', async ({ page }) => {
  const t = tag();
  const [project] = await createProjects([{ name: `${t} Staffed`, status: 'active', budget_hours: 100 }]);
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto(`/projects/${project.id}`);
  await expect(page.getByText('Nobody is allocated to this project yet.')).toBeVisible();

  await page.getByRole('button', { name: 'New allocation' }).click();
  const form = page.getByRole('dialog', { name: 'New allocation' });
  // A project without dates: the new allocation starts today, not at some date in the past.
  await expect(form.locator('input[name="start_date"]')).toHaveValue(new Date().toLocaleDateString('en-CA'));
  await choose(page, 'Person', ACCOUNTS.member.name);
  // Monday 1 March 2027 to Friday 12 March 2027: ten work days.
  await fillDate(page, 'Start date', '2027-03-01');
  await fillDate(page, 'End date', '2027-02-26');
  await form.getByLabel('Hours per day').fill('6');
  await form.getByLabel('Role').fill('Developer');
  await form.getByRole('button', { name: 'Create allocation' }).click();
  await expect(form).toContainText('The end date must not be before the start date.');
  await fillDate(page, 'End date', '2027-03-12');
  await form.getByRole('button', { name: 'Create allocation' }).click();
  await expectPopup(page, 'Success', 'The allocation was added.');
  const team = page.getByRole('table', { name: 'Team', exact: true });
  await expect(team).toContainText(ACCOUNTS.member.name);
  await expect(team).toContainText('6 h/day');
  await expect(page.getByText('60 h planned of 100 h budget')).toBeVisible();

  await page.getByRole('button', { name: `Edit allocation of ${ACCOUNTS.member.name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit allocation' });
  await edit.getByLabel('Hours per day').fill('3');
  await edit.getByLabel('Tentative').check();
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  await expectPopup(page, 'Success', 'The allocation was saved.');
  await expect(team).toContainText('3 h/day');
  await expect(team).toContainText('Tentative');
  await expect(page.getByText('30 h planned of 100 h budget (30 h tentative)')).toBeVisible();

  await page.getByRole('button', { name: `Delete allocation of ${ACCOUNTS.member.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete allocation' });
  await expect(confirm).toContainText(`Delete the allocation of ${ACCOUNTS.member.name}?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectPopup(page, 'Success', 'The allocation was deleted.');
  await expect(page.getByText('Nobody is allocated to this project yet.')).toBeVisible();
});

test('deleting a project asks first, and Cancel keeps it', async ({ page }) => {
  const t = tag();
  const [project] = await createProjects([{ name: `${t} Doomed`, status: 'planned' }]);
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto(`/projects/${project.id}`);

  await page.getByRole('button', { name: 'Delete project' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete project' });
  await expect(confirm).toContainText(`Delete "${t} Doomed"`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: `${t} Doomed` })).toBeVisible();

  await page.getByRole('button', { name: 'Delete project' }).click();
  await page.getByRole('dialog', { name: 'Delete project' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL('/projects');
  await expectPopup(page, 'Success', `Project "${t} Doomed" and its allocations were deleted.`);
  const response = await page.goto(`/projects/${project.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(`Page Not Found: /projects/${project.id}`)).toBeVisible();
});

test('an unknown or malformed project id shows the 404 page', async ({ page }) => {
  await signIn(page, ACCOUNTS.member.email);
  for (const path of [`/projects/${randomUUID()}`, '/projects/not-a-uuid']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  }
});
