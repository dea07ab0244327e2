// Helpers the planner's end-to-end tests share: dates relative to this week as the screens show them, and the grid's
// rows, cells and bars by person.
import { expect, type Locator, type Page } from '@playwright/test';

export function iso(date: Date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
export function mondayPlus(days: number) {
  const now = new Date();
  const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
  return iso(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + days));
}
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A date as the date fields show it, e.g. 13 Apr 2026. */
export function shown(isoDate: string) {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** The phone agenda's card of one day: "7 Dec 2026" alone would also find 17 and 27 Dec. */
export const agendaDay = (page: Page, isoDate: string) =>
  page.getByTestId('agenda-day').filter({ hasText: new RegExp(`(^|\\D)${shown(isoDate)}`) });

export const personRow = (page: Page, id: string) =>
  page.locator(`[role="row"][data-kind="person"][data-person="${id}"]`);
export const cellOf = (page: Page, id: string, column: number) => personRow(page, id).getByRole('gridcell').nth(column);
export const addLane = (page: Page, id: string) => page.locator(`[role="row"][data-kind="add"][data-person="${id}"]`);
export const barsOf = (page: Page, id: string) =>
  page.locator(`[role="row"][data-kind="lane"][data-person="${id}"] [data-bar]`);

export async function expand(page: Page, id: string) {
  await personRow(page, id).getByRole('rowheader').click();
  await expect(addLane(page, id)).toBeVisible();
}

export async function drag(page: Page, from: Locator, dx: number, options: { x?: number } = {}) {
  const box = (await from.boundingBox())!;
  const x = box.x + (options.x ?? box.width / 2);
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y, { steps: 4 });
  await page.mouse.move(x + dx, y, { steps: 4 });
  await page.mouse.up();
}
