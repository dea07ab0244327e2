// The browser's figures, in Debian's Chromium against the production build and the benchmark's backend, signed in
// as a project manager: the planner page, then the project list.
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../e2e/support/chromium.ts';
import type { Row } from '../lib/measure.ts';
import { BENCH_WEB_PORT, PLANNER_PASSWORD, type BenchOrganization } from './organization.ts';
import { plannerPageFigures } from './planner-page.ts';
import { projectsPageFigures } from './projects-page.ts';
import { startWebServer } from './web-server.ts';

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
    return [...(await plannerPageFigures(page, runs)), ...(await projectsPageFigures(page, runs))];
  } finally {
    await browser.close();
    await web.stop();
  }
}
