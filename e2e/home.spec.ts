// The home page: my allocations this week and the coming weeks, my utilization per week as the database computes
// it, my upcoming time off, and what an empty week says.
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { createAccount, serviceClient } from './support/backend.ts';
import { signIn, waitForHydration } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;

const iso = (date: Date) => date.toISOString().slice(0, 10);
/** Monday of the current week (the organization's default week start), in the server's calendar (UTC). */
function thisMonday(): Date {
  const now = new Date();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = today.getUTCDay() || 7;
  return new Date(today.getTime() - (weekday - 1) * 86_400_000);
}
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

async function freshMember(label: string) {
  const email = `${label}.${randomUUID().slice(0, 8)}@example.com`;
  const name = `${label} ${randomUUID().slice(0, 4)}`;
  const id = await createAccount(stack, email, name);
  return { email, name, id };
}

test('a member without work sees empty weeks and what to do next', async ({ page }) => {
  const person = await freshMember('Idle');
  await signIn(page, person.email);
  await expect(page.getByRole('heading', { name: `Welcome, ${person.name}` })).toBeVisible();
  await expect(page.getByText('You have no allocations in the next 5 weeks.')).toBeVisible();
  await expect(page.getByText('No time off planned.')).toBeVisible();
  const weeks = page.getByTestId('week-utilization');
  await expect(weeks).toHaveCount(5);
  await expect(weeks.first()).toHaveText('0%');
});

test('a member sees this week’s and the coming weeks’ allocations, utilization and time off', async ({ page }) => {
  const person = await freshMember('Busy');
  const service = serviceClient(stack);
  const name = `Home ${randomUUID().slice(0, 8)}`;
  const { data: project } = await service
    .from('projects')
    .insert({ name, status: 'active', color: '#1971c2' })
    .select('id')
    .single()
    .throwOnError();
  const monday = thisMonday();
  await service
    .from('allocations')
    .insert([
      // This week and next: 4 h a day, so 20 of 40 hours each week.
      {
        project_id: project!.id,
        user_id: person.id,
        start_date: iso(monday),
        end_date: iso(plusDays(monday, 13)),
        hours_per_day: 4,
        tentative: false,
        role: 'Analyst',
      },
      // The week after: 10 h a day, over the 8 h a day of a 40-hour week.
      {
        project_id: project!.id,
        user_id: person.id,
        start_date: iso(plusDays(monday, 14)),
        end_date: iso(plusDays(monday, 18)),
        hours_per_day: 10,
        tentative: false,
        role: 'Analyst',
      },
    ])
    .throwOnError();
  await service
    .from('time_off')
    .insert({
      user_id: person.id,
      kind: 'vacation',
      start_date: iso(plusDays(monday, 28)),
      end_date: iso(plusDays(monday, 29)),
      note: 'Long weekend',
    })
    .throwOnError();

  await signIn(page, person.email);
  const allocations = page.getByRole('table', { name: 'My allocations' });
  await expect(allocations.getByRole('link', { name })).toHaveCount(2);
  await expect(allocations).toContainText('4 h/day');
  await expect(allocations).toContainText('10 h/day');

  const weeks = page.getByTestId('week-utilization');
  await expect(weeks).toHaveText(['50%', '50%', '125%', '0%', '0%']);
  await expect(page.getByText('Over-allocated')).toHaveCount(1);
  // The vacation week: two days off leave 24 of 40 hours.
  await expect(page.getByText('0 h of 24 h')).toBeVisible();

  const timeOff = page.getByRole('list', { name: 'Time off' });
  await expect(timeOff).toContainText('Vacation');
  await expect(timeOff).toContainText('Long weekend');

  // A booked week says its dates and hours under the pointer, and stops saying them once the pointer moves on.
  const timeline = page.getByRole('table', { name: 'Team timeline' });
  await waitForHydration(page);
  await timeline.getByRole('cell', { name: /^Week of .*· 10 h\/day/ }).hover();
  await expect(page.getByRole('tooltip')).toHaveText(/10 h\/day/);
  await page.getByRole('heading', { name: 'My upcoming time off' }).hover();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await timeline
    .getByRole('cell', { name: /^Week of .*· 4 h\/day/ })
    .first()
    .hover();
  await expect(page.getByRole('tooltip')).toHaveText(/4 h\/day/);

  await allocations.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
