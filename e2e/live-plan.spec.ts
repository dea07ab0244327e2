// The live plan in two browsers at once: each sees who else is on the page, and what one changes appears on the
// other's open pages (a project page, the planner) without a reload, the page keeping its place.
import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.ts';
import { serviceClient } from './support/backend.ts';
import { expectNoViolations } from './support/axe.ts';
import { barsOf, expand, mondayPlus } from './support/planner.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.webUrl });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('two people on one project page see each other, and a rename in one shows in the other', async ({ browser }) => {
  const name = `Live ${randomUUID().slice(0, 8)}`;
  const { data: project } = await serviceClient(stack).from('projects').insert({ name }).select('id').single();
  const admin = await signedInPage(browser, ACCOUNTS.admin.email);
  const manager = await signedInPage(browser, ACCOUNTS.projectManager.email);
  await admin.goto(`/projects/${project!.id}`);
  await manager.goto(`/projects/${project!.id}`);

  await expect(admin.getByRole('group', { name: `Also here: ${ACCOUNTS.projectManager.name}` })).toBeVisible();
  await expect(manager.getByRole('group', { name: `Also here: ${ACCOUNTS.admin.name}` })).toBeVisible();
  await expectNoViolations(admin, 'a project page with someone else on it');

  await manager.getByRole('button', { name: 'Edit project' }).click();
  const form = manager.getByRole('dialog', { name: 'Edit project' });
  await form.getByLabel('Name').fill(`${name} renamed`);
  await form.getByRole('button', { name: 'Save project' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `${name} renamed` })).toBeVisible();

  await manager.close();
  await expect(admin.getByRole('group', { name: /Also here/ })).toHaveCount(0);
  await admin.context().close();
});

test("an allocation someone else makes appears on an open planner, which keeps the viewer's place", async ({
  browser,
}) => {
  const service = serviceClient(stack);
  const { data: project } = await service
    .from('projects')
    .insert({ name: `Live ${randomUUID().slice(0, 8)}` })
    .select('id')
    .single();
  const { data: person } = await service.from('profiles').select('id').eq('email', ACCOUNTS.member.email).single();
  const planner = await signedInPage(browser, ACCOUNTS.projectManager.email);
  await planner.goto('/user-allocations');
  await expand(planner, person!.id);
  const before = await barsOf(planner, person!.id).count();
  const scrolled = await planner.evaluate(() => window.scrollY);

  await service.from('allocations').insert({
    project_id: project!.id,
    user_id: person!.id,
    start_date: mondayPlus(1),
    end_date: mondayPlus(3),
    hours_per_day: 2,
  });
  await expect(barsOf(planner, person!.id)).toHaveCount(before + 1);
  // Still open where it was: the row expanded, the page not scrolled away.
  expect(await planner.evaluate(() => window.scrollY)).toBe(scrolled);
  await planner.context().close();
});

test('a change made from an old version is refused with the reason, and the newer one stays', async ({ browser }) => {
  const service = serviceClient(stack);
  const { data: project } = await service
    .from('projects')
    .insert({ name: `Live ${randomUUID().slice(0, 8)}` })
    .select('id')
    .single();
  const { data: person } = await service.from('profiles').select('id').eq('email', ACCOUNTS.userManager.email).single();
  await service.from('allocations').delete().eq('user_id', person!.id);
  const { data: allocation } = await service
    .from('allocations')
    .insert({
      project_id: project!.id,
      user_id: person!.id,
      start_date: mondayPlus(0),
      end_date: mondayPlus(4),
      hours_per_day: 4,
    })
    .select('id')
    .single();
  const planner = await signedInPage(browser, ACCOUNTS.projectManager.email);
  await planner.goto('/user-allocations');
  await expand(planner, person!.id);
  await barsOf(planner, person!.id).click();
  const edit = planner.getByRole('dialog', { name: 'Edit allocation' });
  await edit.getByLabel('Hours per day').fill('6');

  // Meanwhile someone else extends it.
  await service
    .from('allocations')
    .update({ end_date: mondayPlus(11) })
    .eq('id', allocation!.id);
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  const refusal = planner.getByRole('dialog', { name: 'Error' });
  await expect(refusal).toContainText('Someone else changed this allocation since you loaded it');
  await refusal.getByRole('button', { name: 'OK' }).click();

  const { data: stored } = await service
    .from('allocations')
    .select('end_date, hours_per_day')
    .eq('id', allocation!.id)
    .single();
  expect(stored).toEqual({ end_date: mondayPlus(11), hours_per_day: 4 });
  await planner.context().close();
});
