// The browser's figures, in Debian's Chromium against the production build and the benchmark's backend, signed in
// as a project manager: the planner page, then the project list.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../e2e/support/chromium.ts';
import type { Row } from '../lib/measure.ts';
import { BENCH_WEB_PORT, PLANNER_PASSWORD, type BenchOrganization } from './organization.ts';
import { plannerPageFigures } from './planner-page.ts';
import { projectsPageFigures } from './projects-page.ts';
import { startWebServer } from './web-server.ts';

/** The two pages as measured, to look at (BENCH_SCREENSHOTS=<folder>). */
async function saveScreenshots(page: Page, folder: string): Promise<void> {
  mkdirSync(folder, { recursive: true });
  await page.goto('/user-allocations');
  await page.getByRole('grid').waitFor();
  await page.screenshot({ path: path.join(folder, 'planner-1000-people.png') });
  await page.goto('/projects');
  await page.getByRole('table', { name: 'Projects' }).waitFor();
  await page.screenshot({ path: path.join(folder, 'projects-300.png') });
  console.log(`Screenshots in ${folder}`);
}

export async function browserFigures(bench: BenchOrganization, runs: number): Promise<Row[]> {
  const { keys } = bench.backend.deps;
  const web = await startWebServer({
    port: BENCH_WEB_PORT,
    apiUrl: bench.backend.url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage({ baseURL: web.url, viewport: { width: 1440, height: 900 } });
    // tsx keeps function names by wrapping functions in __name(); the functions sent to the page carry that call.
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    await page.goto('/login');
    await page.getByLabel('Email or phone').fill(bench.planner.email);
    await page.getByLabel('Password', { exact: true }).fill(PLANNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation').waitFor();
    const figures = [...(await plannerPageFigures(page, runs)), ...(await projectsPageFigures(page, runs))];
    const folder = process.env.BENCH_SCREENSHOTS;
    if (folder) await saveScreenshots(page, folder);
    return figures;
  } finally {
    await browser.close();
    await web.stop();
  }
}
