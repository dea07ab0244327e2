// `npm run bench:lighthouse`: Lighthouse's accessibility and mobile performance scores (its default mobile profile,
// simulated slow 4G and a slower CPU) for /login, and, signed in as a project manager of a demo-sized organization,
// for the home page and the planner; in Debian's Chromium against the production build (`npm run build` first).
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_LAUNCH_OPTIONS } from '../../e2e/support/chromium.ts';
import { PLANNER_PASSWORD, startBenchOrganization } from '../planner/organization.ts';
import { startWebServer } from '../planner/web-server.ts';

const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/user-allocations', signedIn: true },
];
const TARGETS = { accessibility: 100, performance: 90 };

const bench = await startBenchOrganization({
  people: 40,
  projects: 15,
  allocations: 400,
  backendPort: 54342,
  webPort: 3312,
});
const { keys } = bench.backend.deps;
const web = await startWebServer({
  port: 3312,
  apiUrl: bench.backend.url,
  anonKey: keys.anonKey,
  serviceRoleKey: keys.serviceRoleKey,
});

/** The session cookie of the project manager, signed in through the login page as a person does. */
async function sessionCookie(): Promise<string> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage({ baseURL: web.url });
    await page.goto('/login');
    await page.getByLabel('Email or phone').fill(bench.planner.email);
    await page.getByLabel('Password', { exact: true }).fill(PLANNER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation').waitFor();
    const cookies = await page.context().cookies(web.url);
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

const chrome = await launch({
  chromePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH_OPTIONS.args],
});
try {
  const cookie = await sessionCookie();
  console.log('page                 accessibility  performance  LCP      TBT     JS (KB, transferred)');
  for (const page of PAGES) {
    const result = await lighthouse(`${web.url}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility', 'performance'],
      extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
    });
    const lhr = result!.lhr;
    const score = (name: string) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
    const audit = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    const scripts = (
      lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> }
    )?.items?.find((item) => item.resourceType === 'script');
    console.log(
      [
        page.path.padEnd(20),
        `${score('accessibility')} (${TARGETS.accessibility})`.padEnd(14),
        `${score('performance')} (≥${TARGETS.performance})`.padEnd(12),
        String(audit('largest-contentful-paint')).padEnd(8),
        String(audit('total-blocking-time')).padEnd(7),
        scripts ? (scripts.transferSize / 1024).toFixed(0) : '-',
      ].join(' '),
    );
    const failing = Object.values(lhr.audits).filter(
      (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
    );
    for (const failed of failing) console.log(`    accessibility: ${failed.id}: ${failed.title}`);
  }
} finally {
  chrome.kill();
  await web.stop();
  await bench.stop();
}
