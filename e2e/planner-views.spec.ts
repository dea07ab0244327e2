// The planner's ways of seeing the plan: zooms that keep the chosen week, a compact toolbar, readable day headers,
// expand and collapse all (remembered), each person's bars in their row, a period's details on hover and focus, the
// dates while dragging, the keyboard staying on the bar it moves, and the agenda on a phone.
import { devices, type Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { createAccount, serviceClient } from './support/backend.ts';
import { addLane, agendaDay, barsOf, cellOf, expand, mondayPlus, personRow, shown } from './support/planner.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

const stack = STACKS.default;
const service = () => serviceClient(stack);
const RUN = `v${Date.now().toString(36)}`;
const PROJECT = `Nebula ${RUN}`;
const OTHER = `Pulsar ${RUN}`;
let busy: { id: string; name: string };
let calm: { id: string; name: string };

async function allocationsOf(userId: string) {
  const { data } = await service()
    .from('allocations')
    .select('id, start_date, end_date')
    .eq('user_id', userId)
    .order('start_date');
  return data ?? [];
}

test.beforeAll(async () => {
  const projects = await service()
    .from('projects')
    .insert([
      { name: PROJECT, color: '#1c7ed6', status: 'active' },
      { name: OTHER, color: '#e8590c', status: 'active' },
    ])
    .select('id, name');
  if (projects.error) throw new Error(projects.error.message);
  const [nebula, pulsar] = [PROJECT, OTHER].map((name) => projects.data.find((p) => p.name === name)!.id);
  busy = { id: await createAccount(stack, `views-busy-${RUN}@example.com`, `Busy ${RUN}`), name: `Busy ${RUN}` };
  calm = { id: await createAccount(stack, `views-calm-${RUN}@example.com`, `Calm ${RUN}`), name: `Calm ${RUN}` };
  const week = { start_date: mondayPlus(0), end_date: mondayPlus(4) };
  const inserted = await service()
    .from('allocations')
    .insert([
      { project_id: nebula, user_id: busy.id, hours_per_day: 6, ...week },
      { project_id: pulsar, user_id: busy.id, hours_per_day: 4, ...week },
      { project_id: nebula, user_id: calm.id, hours_per_day: 4, start_date: mondayPlus(7), end_date: mondayPlus(11) },
      { project_id: pulsar, user_id: calm.id, hours_per_day: 4, start_date: mondayPlus(21), end_date: mondayPlus(25) },
    ]);
  if (inserted.error) throw new Error(inserted.error.message);
});

async function openPlanner(page: Page, query = '') {
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto(`/user-allocations${query}`);
  await page.getByLabel('Person', { exact: true }).fill(RUN);
  await expect(personRow(page, busy.id)).toBeVisible();
}

const firstColumn = (page: Page) => page.getByRole('columnheader').nth(1);

test('zooming keeps the chosen week, and each zoom shows its own span', async ({ page }) => {
  await openPlanner(page, `?from=${mondayPlus(16)}`);
  await expect(firstColumn(page)).toHaveAccessibleName(`week of ${shown(mondayPlus(14))}`);
  await page.getByText('Months', { exact: true }).click();
  await expect(page.getByRole('grid')).toHaveAttribute('aria-colcount', '13');
  await page.getByText('Weeks', { exact: true }).click();
  await expect(firstColumn(page)).toHaveAccessibleName(`week of ${shown(mondayPlus(14))}`);
  await page.getByText('Days', { exact: true }).click();
  await expect(firstColumn(page)).toHaveAccessibleName(new RegExp(`${shown(mondayPlus(14))}$`));
});

test('day headers are readable: the weekday and day in full, the month once', async ({ page }) => {
  await openPlanner(page, `?zoom=day&from=${mondayPlus(0)}`);
  const headers = page.getByRole('columnheader');
  await expect(headers.nth(1).locator('span[aria-hidden]').last()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}$/);
  const cut = await page
    .locator('[role="columnheader"] > span[aria-hidden]:last-of-type')
    .evaluateAll((spans) =>
      spans.filter((span) => span.scrollWidth > span.clientWidth + 1).map((span) => span.textContent),
    );
  expect(cut).toEqual([]);
  const monthLabels = await page.locator('[role="columnheader"][data-group-start]').count();
  const visibleDays = await headers.count();
  expect(monthLabels).toBeLessThanOrEqual(2);
  expect(visibleDays).toBeGreaterThan(10);
});

test('the grid starts under a compact toolbar and a save never moves it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPlanner(page);
  const top = (await personRow(page, busy.id).boundingBox())!.y;
  const rowHeight = (await personRow(page, busy.id).boundingBox())!.height;
  // Room for at least 14 people below the first one's top edge on a 1440 x 900 screen.
  expect(Math.floor((900 - top) / rowHeight)).toBeGreaterThanOrEqual(14);
  await expand(page, calm.id);
  const bar = barsOf(page, calm.id).first();
  await bar.focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  expect((await personRow(page, busy.id).boundingBox())!.y).toBe(top);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await allocationsOf(calm.id))[0]?.start_date).toBe(mondayPlus(7));
});

test('expand all and collapse all are remembered; each person’s bars can show inside their row', async ({ page }) => {
  await openPlanner(page);
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: 'Expand all' }).click();
  await page.keyboard.press('Escape');
  await expect(addLane(page, busy.id)).toBeVisible();
  await expect(addLane(page, calm.id)).toBeVisible();
  await page.reload();
  await page.getByLabel('Person', { exact: true }).fill(RUN);
  await expect(addLane(page, calm.id)).toBeVisible();
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: 'Collapse all' }).click();
  await page.getByRole('menuitem', { name: /Show bars in each person/ }).click();
  await page.keyboard.press('Escape');
  await expect(addLane(page, busy.id)).toHaveCount(0);
  await expect(personRow(page, busy.id)).toHaveAttribute('data-stacked', 'true');
  await expect(personRow(page, busy.id).locator('[data-stack] > span')).toHaveCount(2);
  await page.getByRole('button', { name: 'View' }).click();
  await page.getByRole('menuitem', { name: /Hide bars in each person/ }).click();
  await expect(personRow(page, busy.id)).not.toHaveAttribute('data-stacked', 'true');
});

test('a period’s details show on hover and focus; an over-allocated period opens the row there', async ({ page }) => {
  await openPlanner(page, `?from=${mondayPlus(0)}`);
  const over = cellOf(page, busy.id, 0);
  await expect(over).toHaveAttribute('data-state', 'over');
  await over.hover();
  const details = page.getByRole('tooltip');
  await expect(details).toContainText(`${PROJECT} · 6 h/day`);
  await expect(details).toContainText(`${OTHER} · 4 h/day`);
  await expect(details).toContainText('50 h of 40 h');
  await cellOf(page, calm.id, 1).focus();
  await expect(details).toContainText(`Calm ${RUN}`);
  await over.click();
  await expect(addLane(page, busy.id)).toBeVisible();
  await expect(page.locator(':focus')).toHaveAttribute('data-bar', /.+/);
});

test('dragging a bar shows where it will land', async ({ page }) => {
  await openPlanner(page, `?from=${mondayPlus(0)}`);
  await expand(page, calm.id);
  const bar = barsOf(page, calm.id).first();
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 96, box.y + box.height / 2, { steps: 6 });
  await expect(page.getByRole('status').filter({ hasText: /5 days/ })).toContainText(
    `${Number(mondayPlus(14).slice(8))}`,
  );
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 6 });
  await page.mouse.up();
});

test('dragging a bar past the project’s end warns before letting go, and the drop still saves', async ({ page }) => {
  const ending = await service()
    .from('projects')
    .insert({ name: `Quasar ${RUN}`, color: '#2f9e44', status: 'active', end_date: mondayPlus(13) })
    .select('id')
    .single();
  if (ending.error) throw new Error(ending.error.message);
  const edge = await createAccount(stack, `views-edge-${RUN}@example.com`, `Edge ${RUN}`);
  const placed = await service()
    .from('allocations')
    .insert({
      project_id: ending.data.id,
      user_id: edge,
      hours_per_day: 8,
      start_date: mondayPlus(7),
      end_date: mondayPlus(11),
    });
  if (placed.error) throw new Error(placed.error.message);
  await openPlanner(page, `?from=${mondayPlus(0)}`);
  await expand(page, edge);
  const bar = barsOf(page, edge).first();
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 96, box.y + box.height / 2, { steps: 6 });
  const label = page.getByRole('status').filter({ hasText: /5 days/ });
  await expect(label).toContainText("Outside the project's dates");
  await expect(label).toContainText('5 days after it ends');
  await page.mouse.up();
  await expect.poll(async () => (await allocationsOf(edge))[0]?.start_date).toBe(mondayPlus(14));
});

test('the keyboard stays on the bar it moves, every press counts, and a delete leaves the focus nearby', async ({
  page,
}) => {
  await openPlanner(page, `?from=${mondayPlus(0)}`);
  await expand(page, calm.id);
  const first = barsOf(page, calm.id).first();
  const id = await first.getAttribute('data-bar');
  await first.focus();
  for (let press = 0; press < 3; press++) await page.keyboard.press('Alt+ArrowRight');
  await expect(page.locator(':focus')).toHaveAttribute('data-bar', id!);
  await expect
    .poll(async () => (await allocationsOf(calm.id)).find((a) => a.id === id)?.start_date)
    .toBe(mondayPlus(28));
  for (let press = 0; press < 3; press++) await page.keyboard.press('Control+z');
  await expect
    .poll(async () => (await allocationsOf(calm.id)).find((a) => a.id === id)?.start_date)
    .toBe(mondayPlus(7));

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('Move the focused bar');
  await page.keyboard.press('Escape');

  await barsOf(page, calm.id).first().focus();
  await page.keyboard.press('Delete');
  await page.getByRole('dialog', { name: 'Delete allocation' }).getByRole('button', { name: 'Delete' }).click();
  await expect(barsOf(page, calm.id)).toHaveCount(1);
  await expect(page.locator(':focus')).toHaveAttribute('data-bar', /.+/);
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await allocationsOf(calm.id)).length).toBe(2);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the plan is a day-by-day agenda of one person, read and changed without scrolling sideways', async ({
    page,
  }) => {
    await signIn(page, ACCOUNTS.projectManager.email);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'User allocations' }).click();
    await page.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: busy.name }).click();
    const monday = agendaDay(page, mondayPlus(0));
    await expect(monday).toContainText('10 h of 8 h');
    await monday.getByRole('button', { name: new RegExp(PROJECT) }).click();
    await expect(page.getByRole('dialog', { name: 'Edit allocation' })).toBeVisible();
    await page.keyboard.press('Escape');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wide).toBe(false);
  });
});

test.describe('on a phone that says it is one', () => {
  // A phone's browser: a narrow screen, touch, and a user agent naming it a phone ("Mobile").
  const { defaultBrowserType: _browser, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test("the server sends the phone's planner, which then shows the agenda", async ({ page }) => {
    await signIn(page, ACCOUNTS.projectManager.email);
    const response = await page.goto('/user-allocations');
    const html = (await response?.text()) ?? '';
    // The page as it arrives, before any script: the phone's toolbar, without the wide screen's zoom and filters.
    expect(html).toContain('User allocations');
    expect(html).not.toContain('aria-label="Zoom"');
    expect(html).not.toContain('Search people');
    expect(response?.headers().vary).toContain('Sec-CH-UA-Mobile');
    await page.getByRole('combobox', { name: 'Person' }).click();
    await page.getByRole('option', { name: busy.name }).click();
    await expect(agendaDay(page, mondayPlus(0))).toContainText('10 h of 8 h');
  });
});
