// Every page, signed out and signed in, in the light and the dark color scheme, checked by axe-core against WCAG 2.1
// A and AA: zero violations. The organization has projects of every status and allocations, so badges, the
// planner's figures and bars, and the audit trail's pages are all on screen when checked.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { expectNoViolations } from './support/axe.ts';
import { serviceClient } from './support/backend.ts';
import { mondayPlus } from './support/planner.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
let projectId: string;

test.beforeAll(async () => {
  const service = serviceClient(stack);
  const tag = `A11y ${randomUUID().slice(0, 6)}`;
  const statuses = ['planned', 'active', 'on_hold', 'completed', 'cancelled'];
  const { data: projects, error } = await service
    .from('projects')
    .insert(statuses.map((status, index) => ({ name: `${tag} ${status}`, status, budget_hours: 40 * (index + 1) })))
    .select('id,status');
  if (error) throw new Error(`creating projects failed: ${error.message}`);
  projectId = projects.find((project) => project.status === 'active')!.id;
  const { data: people } = await service
    .from('profiles')
    .select('id,email')
    .in('email', [ACCOUNTS.member.email, ACCOUNTS.projectManager.email]);
  const rows = (people ?? []).map((person, index) => ({
    project_id: projectId,
    user_id: person.id,
    start_date: mondayPlus(0),
    end_date: mondayPlus(11),
    // One person over-allocated, one tentative: both states are on screen.
    hours_per_day: index === 0 ? 10 : 4,
    tentative: index === 1,
  }));
  const inserted = await service.from('allocations').insert(rows);
  if (inserted.error) throw new Error(`creating allocations failed: ${inserted.error.message}`);
});

async function check(page: Page, path: string, ready: () => Promise<void>) {
  await page.goto(path);
  await ready();
  await expectNoViolations(page, path);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in the ${colorScheme} color scheme`, () => {
    test.use({ colorScheme });

    test('signed-out pages have no accessibility violations', async ({ page }) => {
      await check(page, '/login', () => expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible());
      await check(page, '/signup', () => expect(page.getByRole('button', { name: 'Create account' })).toBeVisible());
      await check(page, '/no-such-page', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible());
    });

    test('signed-in pages have no accessibility violations', async ({ page }) => {
      // Eleven pages, each loaded, taken over by its scripts and checked by axe: more than one test's usual time.
      test.slow();
      await signIn(page, ACCOUNTS.admin.email);
      const heading = () => expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await check(page, '/', heading);
      await check(page, '/about', heading);
      await check(page, '/projects', () =>
        expect(page.getByRole('table', { name: 'Projects' }).locator('tbody tr').first()).toBeVisible(),
      );
      await check(page, `/projects/${projectId}`, () =>
        expect(page.getByRole('table', { name: 'Team', exact: true })).toBeVisible(),
      );
      await check(page, '/user-allocations', () => expect(page.getByRole('grid').first()).toBeVisible());
      for (const tab of ['members', 'invitations', 'settings', 'audit']) {
        await check(page, `/organization?tab=${tab}`, heading);
      }
      await check(page, '/profile', heading);
    });
  });
}
