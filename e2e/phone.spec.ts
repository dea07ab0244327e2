// On a phone (390×844) the tables of projects, a project's team and one's own allocations become stacked cards,
// each value labelled by its column, and no page scrolls sideways.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { serviceClient } from './support/backend.ts';
import { signIn } from './support/session.ts';
import { mondayPlus } from './support/planner.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
test.use({ viewport: { width: 390, height: 844 } });

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
}

/** The table's first row is a card: its cells stacked, each showing its column's name. */
async function expectCards(page: Page, table: string, column: string) {
  const cell = page.getByRole('table', { name: table, exact: true }).locator('tbody tr').first().locator('td').first();
  await expect(cell).toHaveCSS('display', 'flex');
  expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe(`"${column}"`);
  // The whole card fits the screen: no cell reaches past its right edge.
  const right = await page
    .getByRole('table', { name: table, exact: true })
    .evaluate((element) =>
      Math.max(...[...element.querySelectorAll('td')].map((td) => td.getBoundingClientRect().right)),
    );
  expect(right).toBeLessThanOrEqual(390);
}

test('tables are cards on a phone and no page scrolls sideways', async ({ page }) => {
  const t = `P${randomUUID().slice(0, 6)}`;
  const service = serviceClient(stack);
  const { data: member } = await service
    .from('profiles')
    .select('id')
    .eq('email', ACCOUNTS.projectManager.email)
    .single();
  const { data: project } = await service
    .from('projects')
    .insert({ name: `${t} Pocket`, status: 'active', client: 'A client with a rather long name' })
    .select('id')
    .single()
    .throwOnError();
  await service
    .from('allocations')
    .insert({
      project_id: project!.id,
      user_id: member!.id,
      start_date: mondayPlus(0),
      end_date: mondayPlus(4),
      hours_per_day: 2,
      role: 'Reviewer',
    })
    .throwOnError();

  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/projects');
  await page.getByLabel('Search').fill(t);
  await expectCards(page, 'Projects', 'Project');
  await expectNoSidewaysScroll(page);

  await page.goto(`/projects/${project!.id}`);
  await expectCards(page, 'Team', 'Person');
  await expectNoSidewaysScroll(page);

  await page.goto('/');
  await expectCards(page, 'My allocations', 'Project');
  await expectNoSidewaysScroll(page);
});
