// The planner's project view: projects × time for the same period and filters, each project opening to the people
// on it with their bars, which open the allocation; the choice of rows is remembered.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { createAccount, serviceClient } from './support/backend.ts';
import { signIn } from './support/session.ts';
import { mondayPlus } from './support/planner.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;

test('projects as rows, opened to who works on each when', async ({ page }) => {
  const t = `V${randomUUID().slice(0, 6)}`;
  const service = serviceClient(stack);
  const ada = await createAccount(stack, `${t.toLowerCase()}.ada@example.com`, `${t} Ada`);
  const bo = await createAccount(stack, `${t.toLowerCase()}.bo@example.com`, `${t} Bo`);
  const { data: project } = await service
    .from('projects')
    .insert({ name: `${t} Nebula`, status: 'active', color: '#1971c2' })
    .select('id')
    .single()
    .throwOnError();
  await service
    .from('allocations')
    .insert([
      { project_id: project!.id, user_id: ada, start_date: mondayPlus(0), end_date: mondayPlus(11), hours_per_day: 4 },
      { project_id: project!.id, user_id: bo, start_date: mondayPlus(7), end_date: mondayPlus(11), hours_per_day: 6 },
    ])
    .throwOnError();

  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/user-allocations');
  await page.getByLabel('Person', { exact: true }).fill(t);
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: 'Projects as rows' }).click();
  await page.keyboard.press('Escape');
  const table = page.getByRole('table', { name: 'Projects by period' });
  const row = table.locator(`tr[data-project="${project!.id}"]`);
  await expect(row).toContainText(`${t} Nebula`);
  await expect(row).toContainText('2 people');
  // This week Ada alone, next week both.
  await expect(row.locator('td').nth(0)).toContainText(`1 person, ${t} Ada`);
  await expect(row.locator('td').nth(1)).toContainText(`2 people, ${t} Ada, ${t} Bo`);

  await row.getByRole('button', { name: new RegExp(`${t} Nebula`) }).click();
  await expect(row.getByRole('button', { name: new RegExp(`${t} Nebula`) })).toHaveAttribute('aria-expanded', 'true');
  const members = table.locator('tr[data-member]');
  await expect(members).toHaveCount(2);
  await expect(members.nth(1)).toContainText(`${t} Bo`);
  await members
    .nth(1)
    .getByRole('button', { name: new RegExp(`${t} Bo on ${t} Nebula, 6 hours per day`) })
    .click();
  await expect(page.getByRole('dialog', { name: 'Edit allocation' })).toContainText(`${t} Bo`);
  await page.getByRole('dialog', { name: 'Edit allocation' }).getByRole('button', { name: 'Cancel' }).click();

  // Remembered in this browser.
  await page.reload();
  await page.getByLabel('Person', { exact: true }).fill(t);
  await expect(page.getByRole('table', { name: 'Projects by period' })).toBeVisible();
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: 'People as rows' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('grid')).toBeVisible();
});
