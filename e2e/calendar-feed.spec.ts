// The calendar feed as a person subscribes to it: the link on the profile answers their allocations and time off as
// an iCalendar document (read here as a calendar app would, without signing in), and resetting the link from the
// profile ends the old one.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import ICAL from 'ical.js';
import { createAccount, serviceClient } from './support/backend.ts';
import { expectNotice } from './support/notices.ts';
import { signIn } from './support/session.ts';
import { STACKS } from './support/stacks.ts';

/** A date `days` from today (YYYY-MM-DD). */
const fromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Signs up a member with one allocation and one time off entry; returns their address and the project's name. */
async function memberWithAPlan() {
  const suffix = randomUUID().slice(0, 8);
  const email = `cleo.${suffix}@example.com`;
  const userId = await createAccount(STACKS.default, email, 'Cleo Calendar');
  const service = serviceClient(STACKS.default);
  const project = `Orion ${suffix}`;
  const { data } = await service.from('projects').insert({ name: project }).select('id').single().throwOnError();
  await service
    .from('allocations')
    .insert({
      project_id: data!.id,
      user_id: userId,
      start_date: fromToday(3),
      end_date: fromToday(5),
      hours_per_day: 6,
      tentative: false,
    })
    .throwOnError();
  await service
    .from('time_off')
    .insert({ user_id: userId, start_date: fromToday(10), end_date: fromToday(10), kind: 'vacation' })
    .throwOnError();
  return { email, project };
}

async function feedLink(page: Page): Promise<string> {
  const link = await page.getByRole('textbox', { name: 'Subscription link' }).inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/functions\/v1\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  return link;
}

/** The feed's events as a calendar app reads them: summary and dates (the end is the day after the last). */
async function eventsAt(request: APIRequestContext, link: string) {
  const response = await request.get(link);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { summary: event.summary, start: event.startDate.toString(), end: event.endDate.toString() };
  });
}

test('a member subscribes to their plan with the link on their profile, and a reset ends the old link', async ({
  page,
  request,
}) => {
  const { email, project } = await memberWithAPlan();
  await signIn(page, email);
  await page.goto('/profile');
  const card = page.getByTestId('calendar-feed-card');
  await expect(card.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include('[data-testid="calendar-feed-card"]').analyze();
  expect(violations.map((v) => ({ rule: v.id, where: v.nodes.map((n) => n.failureSummary) }))).toEqual([]);

  const link = await feedLink(page);
  await expect(card.getByRole('link', { name: 'Open in Apple Calendar' })).toHaveAttribute(
    'href',
    link.replace(/^http:/, 'webcal:'),
  );
  expect(await eventsAt(request, link)).toEqual([
    { summary: `${project} · 6 h/day`, start: fromToday(3), end: fromToday(6) },
    { summary: 'Time off (vacation)', start: fromToday(10), end: fromToday(11) },
  ]);

  await card.getByRole('button', { name: 'Reset link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset calendar link' });
  await expect(dialog).toContainText('the current one stops working');
  await dialog.getByRole('button', { name: 'Reset link' }).click();
  await expectNotice(page, 'Your calendar link was reset.');

  await expect(page.getByRole('textbox', { name: 'Subscription link' })).not.toHaveValue(link);
  const fresh = await feedLink(page);
  const old = await request.get(link);
  expect(old.status()).toBe(404);
  expect(await old.text()).toContain('No calendar feed at this address.');
  expect(await eventsAt(request, fresh)).toHaveLength(2);
});

test('someone who is not a member of the organization has no calendar feed', async ({ page }) => {
  const email = `nina.${randomUUID().slice(0, 8)}@example.com`;
  const userId = await createAccount(STACKS.default, email, 'Nina Nonmember');
  await serviceClient(STACKS.default).from('organization_users').delete().eq('user_id', userId).throwOnError();
  await signIn(page, email);
  await page.goto('/profile');
  await expect(page.getByLabel('Job title')).toBeVisible();
  await expect(page.getByTestId('calendar-feed-card')).toHaveCount(0);
});
