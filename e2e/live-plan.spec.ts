// The live plan in two browsers at once: each sees who else is on the page, and what one changes appears on the
// other's open pages (a project page, the planner) without a reload, the page keeping its place. What one person
// edits is marked for the other; a change made over someone else's newer one is never silent: it names who came
// first and lets the person keep theirs or take the other's, a delete asks again, and undo leaves the newer change.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { serviceClient } from './support/backend.ts';
import { expectNoViolations } from './support/axe.ts';
import { barsOf, expand, mondayPlus, shown } from './support/planner.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';
import { fillIn } from './support/dialogs.ts';

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
  await fillIn(form, 'Name', `${name} renamed`);
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

test('a change made from an old version is not saved until the person chooses, and taking theirs keeps the newer one', async ({
  browser,
}) => {
  const service = serviceClient(stack);
  const { personId, allocationId } = await sharedAllocation(ACCOUNTS.userManager.email);
  const planner = await signedInPage(browser, ACCOUNTS.projectManager.email);
  await planner.goto('/user-allocations');
  await expand(planner, personId);
  await barsOf(planner, personId).click();
  const edit = planner.getByRole('dialog', { name: 'Edit allocation' });
  await fillIn(edit, 'Hours per day', '6');

  // Meanwhile someone else extends it.
  await service
    .from('allocations')
    .update({ end_date: mondayPlus(11) })
    .eq('id', allocationId);
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  // Made with the service role: nobody to name.
  const choice = planner.getByRole('dialog', { name: 'Someone else changed this allocation' });
  await expect(choice.getByRole('row', { name: /End/ })).toContainText(shown(mondayPlus(11)));
  await choice.getByRole('button', { name: 'Take theirs' }).click();
  await expect(choice).toBeHidden();

  const { data: stored } = await service
    .from('allocations')
    .select('end_date, hours_per_day')
    .eq('id', allocationId)
    .single();
  expect(stored).toEqual({ end_date: mondayPlus(11), hours_per_day: 4 });
  await planner.context().close();
});

/** One allocation of `email`'s person, alone in their row, on a new project; with pages for the two people. */
async function sharedAllocation(email: string) {
  const service = serviceClient(stack);
  const { data: project } = await service
    .from('projects')
    .insert({ name: `Shared ${randomUUID().slice(0, 8)}` })
    .select('id')
    .single();
  const { data: person } = await service.from('profiles').select('id').eq('email', email).single();
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
  const stored = async () => {
    const { data } = await service
      .from('allocations')
      .select('hours_per_day, role')
      .eq('id', allocation!.id)
      .maybeSingle();
    return data;
  };
  return { projectId: project!.id as string, personId: person!.id as string, allocationId: allocation!.id, stored };
}

/** Pia plans on the planner, Ada on the project page. */
async function twoPlanners(browser: Browser, projectId: string, personId: string) {
  const pia = await signedInPage(browser, ACCOUNTS.projectManager.email);
  const ada = await signedInPage(browser, ACCOUNTS.admin.email);
  await pia.goto('/user-allocations');
  await expand(pia, personId);
  await ada.goto(`/projects/${projectId}`);
  return { pia, ada };
}

const editingBadge = (scope: Page | ReturnType<Page['locator']>, name: string) =>
  scope.getByRole('img', { name: `${name} is editing` });

test("the allocation someone has open or is dragging is marked for the others, and the mark goes when they're done", async ({
  browser,
}) => {
  // Two people's browsers at once, each step waiting for the other's: slow on a busy machine.
  test.slow();
  const { projectId, personId } = await sharedAllocation(ACCOUNTS.userManager.email);
  const { pia, ada } = await twoPlanners(browser, projectId, personId);
  const adaOnPlanner = await signedInPage(browser, ACCOUNTS.admin.email);
  await adaOnPlanner.goto('/user-allocations');
  await expand(adaOnPlanner, personId);

  // Pia opens the allocation: Ada sees it marked on the planner and in the project's team.
  await barsOf(pia, personId).click();
  await expect(pia.getByRole('dialog', { name: 'Edit allocation' })).toBeVisible();
  const team = ada.getByRole('table', { name: 'Team', exact: true });
  await expect(editingBadge(barsOf(adaOnPlanner, personId), ACCOUNTS.projectManager.name)).toBeVisible();
  await expect(barsOf(adaOnPlanner, personId)).toHaveAttribute('data-editing', 'true');
  await expect(editingBadge(team, ACCOUNTS.projectManager.name)).toBeVisible();
  await expectNoViolations(adaOnPlanner, 'the planner with an allocation someone else is editing');
  await expectNoViolations(ada, 'a project page with an allocation someone else is editing');

  // Closed: the mark goes.
  await pia.getByRole('dialog', { name: 'Edit allocation' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(editingBadge(adaOnPlanner, ACCOUNTS.projectManager.name)).toHaveCount(0);
  await expect(editingBadge(team, ACCOUNTS.projectManager.name)).toHaveCount(0);

  // Dragging a bar marks it too, until it is let go.
  const bar = barsOf(pia, personId);
  const box = (await bar.boundingBox())!;
  // Hovering waits until the bar itself takes the pointer: the closed dialog's backdrop holds it while it fades out.
  await bar.hover();
  await pia.mouse.down();
  await pia.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2, { steps: 4 });
  await expect(editingBadge(barsOf(adaOnPlanner, personId), ACCOUNTS.projectManager.name)).toBeVisible();
  await pia.mouse.up();
  await expect(editingBadge(adaOnPlanner, ACCOUNTS.projectManager.name)).toHaveCount(0);

  // Ada opens it on the project page: Pia sees that on the planner; Ada leaving clears it.
  await ada.getByRole('button', { name: `Edit allocation of ${ACCOUNTS.userManager.name}` }).click();
  await expect(editingBadge(barsOf(pia, personId), ACCOUNTS.admin.name)).toBeVisible();
  await ada.context().close();
  await adaOnPlanner.context().close();
  await expect(editingBadge(pia, ACCOUNTS.admin.name)).toHaveCount(0);
  await pia.context().close();
});

test('a save over a newer change names who made it: "Keep mine" wins, "Take theirs" shows theirs', async ({
  browser,
}) => {
  // Two people's browsers at once, each step waiting for the other's: slow on a busy machine.
  test.slow();
  const { projectId, personId, stored } = await sharedAllocation(ACCOUNTS.userManager.email);
  const { pia, ada } = await twoPlanners(browser, projectId, personId);
  const team = ada.getByRole('table', { name: 'Team', exact: true });
  const editOnProjectPage = () =>
    ada.getByRole('button', { name: `Edit allocation of ${ACCOUNTS.userManager.name}` }).click();

  // Pia starts changing the hours on the planner; meanwhile Ada gives it a role on the project page.
  await barsOf(pia, personId).click();
  const edit = pia.getByRole('dialog', { name: 'Edit allocation' });
  await fillIn(edit, 'Hours per day', '6');
  await editOnProjectPage();
  const adaForm = ada.getByRole('dialog', { name: 'Edit allocation' });
  // Ada is told that Pia has it open too.
  await expect(adaForm.getByText(`${ACCOUNTS.projectManager.name} is editing this allocation too`)).toBeVisible();
  await fillIn(adaForm, 'Role', 'Reviewer');
  await adaForm.getByRole('button', { name: 'Save allocation' }).click();
  await expect(adaForm).toBeHidden();
  await expect.poll(stored).toEqual({ hours_per_day: 4, role: 'Reviewer' });

  // What Pia typed is still there after Ada's change reached her plan.
  await expect(edit.getByLabel('Hours per day')).toHaveValue('6');
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  const choice = pia.getByRole('dialog', { name: `${ACCOUNTS.admin.name} changed this allocation` });
  await expect(choice).toContainText(/saved a change (at|on) .*\d\d:\d\d/);
  const differs = choice.getByRole('table', { name: 'What differs' });
  await expect(differs.getByRole('row', { name: /Hours per day/ })).toContainText('4 h/day');
  await expect(differs.getByRole('row', { name: /Hours per day/ })).toContainText('6 h/day');
  await expect(differs.getByRole('row', { name: /Role/ })).toContainText('Reviewer');
  await expectNoViolations(pia, 'the choice after someone else saved first (planner)');
  // Nothing is saved while choosing; then Pia's values win.
  expect(await stored()).toEqual({ hours_per_day: 4, role: 'Reviewer' });
  await choice.getByRole('button', { name: 'Keep mine' }).click();
  await expect(choice).toBeHidden();
  await expect.poll(stored).toEqual({ hours_per_day: 6, role: null });
  await expect(team).toContainText('6 h/day');

  // Now Ada edits from that version on the project page while Pia gives it a role on the planner.
  await editOnProjectPage();
  await fillIn(adaForm, 'Hours per day', '3');
  await barsOf(pia, personId).click();
  await fillIn(edit, 'Role', 'Lead');
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  await expect.poll(stored).toEqual({ hours_per_day: 6, role: 'Lead' });
  await adaForm.getByRole('button', { name: 'Save allocation' }).click();
  const adaChoice = ada.getByRole('dialog', { name: `${ACCOUNTS.projectManager.name} changed this allocation` });
  await expect(adaChoice.getByRole('row', { name: /Hours per day/ })).toContainText('3 h/day');
  await expect(adaChoice.getByRole('row', { name: /Role/ })).toContainText('Lead');
  await expectNoViolations(ada, 'the choice after someone else saved first (project page)');
  await adaChoice.getByRole('button', { name: 'Take theirs' }).click();
  await expect(adaChoice).toBeHidden();
  await expect(adaForm).toBeHidden();
  await expect(team).toContainText('Lead');
  await expect(team).toContainText('6 h/day');
  expect(await stored()).toEqual({ hours_per_day: 6, role: 'Lead' });
  await pia.context().close();
  await ada.context().close();
});

test('deleting an allocation someone changed since it was loaded asks first', async ({ browser }) => {
  // Two people's browsers at once, each step waiting for the other's: slow on a busy machine.
  test.slow();
  const { projectId, personId, stored } = await sharedAllocation(ACCOUNTS.userManager.email);
  const { pia, ada } = await twoPlanners(browser, projectId, personId);

  // On the project page: Ada asks to delete, Pia changes the hours meanwhile; Ada is asked again and keeps it.
  await ada.getByRole('button', { name: `Delete allocation of ${ACCOUNTS.userManager.name}` }).click();
  const adaAsk = ada.getByRole('dialog', { name: 'Delete allocation' });
  await barsOf(pia, personId).click();
  const edit = pia.getByRole('dialog', { name: 'Edit allocation' });
  await fillIn(edit, 'Hours per day', '5');
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  await expect.poll(stored).toEqual({ hours_per_day: 5, role: null });
  await adaAsk.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(adaAsk).toContainText(
    new RegExp(`${ACCOUNTS.projectManager.name} changed this allocation (at|on) .*\\d\\d:\\d\\d\\. Delete anyway\\?`),
  );
  await expect(adaAsk).toContainText('5 h/day');
  await expectNoViolations(ada, 'the question before deleting what someone else changed (project page)');
  await adaAsk.getByRole('button', { name: 'Cancel' }).click();
  expect(await stored()).toEqual({ hours_per_day: 5, role: null });

  // On the planner: Pia opens it to delete, Ada changes the role meanwhile; Pia is asked and deletes anyway.
  await barsOf(pia, personId).click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await ada.getByRole('button', { name: `Edit allocation of ${ACCOUNTS.userManager.name}` }).click();
  const adaForm = ada.getByRole('dialog', { name: 'Edit allocation' });
  await fillIn(adaForm, 'Role', 'Reviewer');
  await adaForm.getByRole('button', { name: 'Save allocation' }).click();
  await expect.poll(stored).toEqual({ hours_per_day: 5, role: 'Reviewer' });
  // Pia's plan shows Ada's change behind the dialog; the dialog still holds what Pia opened.
  await expect(barsOf(pia, personId)).toHaveAttribute('title', /Reviewer/);
  await edit.getByRole('button', { name: 'Delete' }).click();
  const piaAsk = pia.getByRole('dialog', { name: 'Delete allocation' });
  await expect(piaAsk).toContainText(
    new RegExp(`${ACCOUNTS.admin.name} changed this allocation (at|on) .*\\d\\d:\\d\\d\\. Delete anyway\\?`),
  );
  await expect(piaAsk).toContainText('Reviewer');
  expect(await stored()).not.toBeNull();
  await expectNoViolations(pia, 'the question before deleting what someone else changed (planner)');
  await piaAsk.getByRole('button', { name: 'Delete anyway' }).click();
  await expect.poll(stored).toBeNull();
  await expect(barsOf(pia, personId)).toHaveCount(0);
  await pia.context().close();
  await ada.context().close();
});

test("undo never reverts someone else's later change, and says so", async ({ browser }) => {
  // Two people's browsers at once, each step waiting for the other's: slow on a busy machine.
  test.slow();
  const { projectId, personId, stored } = await sharedAllocation(ACCOUNTS.userManager.email);
  const { pia, ada } = await twoPlanners(browser, projectId, personId);
  await barsOf(pia, personId).click();
  const edit = pia.getByRole('dialog', { name: 'Edit allocation' });
  await fillIn(edit, 'Hours per day', '5');
  await edit.getByRole('button', { name: 'Save allocation' }).click();
  await expect.poll(stored).toEqual({ hours_per_day: 5, role: null });

  await expect(ada.getByRole('table', { name: 'Team', exact: true })).toContainText('5 h/day');
  await ada.getByRole('button', { name: `Edit allocation of ${ACCOUNTS.userManager.name}` }).click();
  const adaForm = ada.getByRole('dialog', { name: 'Edit allocation' });
  await fillIn(adaForm, 'Role', 'Reviewer');
  await adaForm.getByRole('button', { name: 'Save allocation' }).click();
  await expect.poll(stored).toEqual({ hours_per_day: 5, role: 'Reviewer' });

  await pia.getByRole('button', { name: 'Undo' }).click();
  const refusal = pia.getByRole('dialog', { name: 'Error' });
  await expect(refusal).toContainText(`${ACCOUNTS.admin.name} changed this allocation`);
  await expect(refusal).toContainText('after your change, so your change was not undone');
  await refusal.getByRole('button', { name: 'OK' }).click();
  expect(await stored()).toEqual({ hours_per_day: 5, role: 'Reviewer' });
  await pia.context().close();
  await ada.context().close();
});
