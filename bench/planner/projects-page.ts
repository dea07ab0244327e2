// The project list in the browser: opened from the sidebar (from a light page, so that only the list is measured)
// and loaded as a new page, beside a page without data for comparison.
import type { Page } from '@playwright/test';
import { median, ms, type Row } from '../lib/measure.ts';
import { openByLink, settle } from './in-page.ts';

const PROJECT_ROWS = 'table[aria-label="Projects"] tbody tr:not([aria-hidden])';

async function pageLoad(page: Page, path: string, runs: number) {
  const loads = [];
  for (let run = 0; run <= runs; run += 1) {
    await page.goto(path, { waitUntil: 'load' });
    const [navigation] = await page.evaluate(() =>
      (performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]).map((entry) => ({
        load: entry.loadEventEnd - entry.startTime,
        firstByte: entry.responseStart - entry.startTime,
      })),
    );
    if (run > 0) loads.push(navigation);
  }
  return { load: median(loads.map((entry) => entry.load)), firstByte: median(loads.map((entry) => entry.firstByte)) };
}

export async function projectsPageFigures(page: Page, runs: number): Promise<Row[]> {
  const opened = [];
  for (let run = 0; run <= runs; run += 1) {
    await page.goto('/about');
    await page.evaluate(settle);
    const open = await page.evaluate(openByLink, { link: 'a[href="/projects"]', selector: PROJECT_ROWS });
    if (run > 0) opened.push(open);
  }
  const fromSidebar = median(opened.map((open) => open.total));
  const data = median(opened.map((open) => open.dataRequest));
  const projects = await pageLoad(page, '/projects', runs);
  const about = await pageLoad(page, '/about', runs);

  return [
    {
      figure: '/projects opened from the sidebar, 300 projects',
      value: `${ms(fromSidebar)} (data ${ms(data)})`,
      target: '< 500 ms',
      ok: fromSidebar < 500,
    },
    {
      figure: '/projects loaded as a new page (load event)',
      value: `${ms(projects.load)} (first byte ${ms(projects.firstByte)})`,
      target: '< 500 ms',
      ok: projects.load < 500,
    },
    {
      figure: '/about loaded as a new page, for comparison',
      value: `${ms(about.load)} (first byte ${ms(about.firstByte)})`,
      target: '-',
      ok: null,
    },
  ];
}
