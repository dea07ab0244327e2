// First steps: the sign-up page says whether the account creates the organization, and an administrator's home page
// shows the set-up steps, each ticked once done.
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { serviceClient } from './support/backend.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;

test('the sign-up page of an organization with members invites to join it', async ({ page }) => {
  await page.goto('/signup');
  await expect(page.getByText("Join your organization's plan.")).toBeVisible();
  await expect(page.getByTestId('first-account')).toHaveCount(0);
});

test('an administrator sees the set-up steps, each ticked once done', async ({ page }) => {
  const service = serviceClient(stack);
  const { data: organization } = await service.from('organization').select('id,name').single().throwOnError();
  const rename = (name: string) =>
    service.from('organization').update({ name }).eq('id', organization!.id).throwOnError();
  await rename('My organization');
  await service
    .from('projects')
    .insert({ name: `Onboarding ${Date.now()}` })
    .throwOnError();
  try {
    await signIn(page, ACCOUNTS.admin.email);
    await page.goto('/');
    const steps = page.getByRole('region', { name: 'Set up your organization' });
    await expect(steps).toBeVisible();
    await expect(steps.locator('[data-step="named"]')).not.toHaveAttribute('data-done');
    // The suite's accounts have joined and a project exists: those steps are done.
    await expect(steps.locator('[data-step="invited"]')).toHaveAttribute('data-done', 'true');
    await expect(steps.locator('[data-step="project"]')).toHaveAttribute('data-done', 'true');
    await expect(steps.getByRole('link', { name: 'Name the organization' })).toHaveAttribute(
      'href',
      '/organization?tab=settings',
    );

    await rename(organization!.name === 'My organization' ? 'Teamplan test' : organization!.name);
    await page.reload();
    await expect(page.locator('[data-step="named"]:not([data-done])')).toHaveCount(0);
  } finally {
    await rename(organization!.name);
  }

  // Members who do not manage users never see them.
  await page.context().clearCookies();
  await signIn(page, ACCOUNTS.member.email);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Set up your organization' })).toHaveCount(0);
});
