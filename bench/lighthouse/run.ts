// `npm run bench:lighthouse`: Lighthouse's accessibility and mobile performance scores (its default mobile profile,
// simulated slow 4G and a slower CPU) for /login, and, signed in as a project manager of a demo-sized organization,
// for the home page and the planner; in Debian's Chromium against the production build (`npm run build` first).
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { calibratedCpuSlowdown } from './calibration.ts';
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

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// A folder to keep each run's full report in (JSON, readable with Lighthouse's viewer), to see what a score is made of.
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGE;

interface RunScores {
  accessibility: number;
  accessibilityFailures: string[];
  performanceAt4x: number;
  performance: number;
  slowdown: number;
  lcp: string;
  tbt: string;
  scriptKb: string;
}

/**
 * One load of a page: gathered once into a folder, then scored from that trace with the default settings and again
 * with the CPU slowdown calibrated to the benchmark index measured during that very load.
 */
async function measure(url: string, cookie: string | null, reportName: string): Promise<RunScores> {
  const artifacts = mkdtempSync(path.join(tmpdir(), 'teamplan-lighthouse-'));
  try {
    const flags = {
      port: chrome.port,
      output: 'json' as const,
      logLevel: 'error' as const,
      onlyCategories: ['accessibility', 'performance'],
      // Left out rather than undefined: the saved settings, written as JSON, must equal these when audited again.
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    const first = (await lighthouse(url, { ...flags, gatherMode: artifacts, auditMode: artifacts }))!.lhr;
    const slowdown = calibratedCpuSlowdown(first.environment.benchmarkIndex);
    // With simulated throttling nothing was slowed while gathering, so the saved trace serves any multiplier;
    // Lighthouse only insists that the saved settings match the ones audited with.
    const saved = path.join(artifacts, 'artifacts.json');
    const gathered = JSON.parse(readFileSync(saved, 'utf8'));
    gathered.settings.throttling.cpuSlowdownMultiplier = slowdown;
    writeFileSync(saved, JSON.stringify(gathered));
    const lhr = (await lighthouse(url, {
      ...flags,
      auditMode: artifacts,
      throttling: { ...first.configSettings.throttling, cpuSlowdownMultiplier: slowdown },
    }))!.lhr;
    if (REPORTS) writeFileSync(path.join(REPORTS, `${reportName}.json`), JSON.stringify(lhr));
    const score = (result: typeof lhr, name: string) => Math.round((result.categories[name]?.score ?? 0) * 100);
    const audit = (id: string) => String(lhr.audits[id]?.displayValue ?? '-');
    const scripts = (
      lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> }
    )?.items?.find((item) => item.resourceType === 'script');
    const accessibilityFailures = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id))
      .map((a) => `${a.id}: ${a.title}`);
    return {
      accessibility: score(lhr, 'accessibility'),
      accessibilityFailures,
      performanceAt4x: score(first, 'performance'),
      performance: score(lhr, 'performance'),
      slowdown,
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      scriptKb: scripts ? (scripts.transferSize / 1024).toFixed(0) : '-',
    };
  } finally {
    rmSync(artifacts, { recursive: true, force: true });
  }
}

const chrome = await launch({
  chromePath: CHROMIUM_LAUNCH_OPTIONS.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_LAUNCH_OPTIONS.args],
});
try {
  const cookie = await sessionCookie();
  console.log(
    `Median of ${RUNS} runs. Performance is scored twice from each run's trace: with Lighthouse's fixed 4× CPU\n` +
      "slowdown, and with the slowdown calibrated to this machine's benchmark index, which the goal is held to.\n",
  );
  console.log('page                 accessibility  perf 4×  perf calibrated     LCP      TBT      JS (KB)');
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  for (const page of PAGES.filter((candidate) => !ONLY || candidate.path === ONLY)) {
    const runs: RunScores[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const reportName = `${page.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}`;
      runs.push(await measure(`${web.url}${page.path}`, page.signedIn ? cookie : null, reportName));
    }
    runs.sort((a, b) => a.performance - b.performance);
    const middle = runs[Math.floor(runs.length / 2)];
    const defaults = runs.map((run) => run.performanceAt4x).sort((a, b) => a - b);
    console.log(
      [
        page.path.padEnd(20),
        `${middle.accessibility} (${TARGETS.accessibility})`.padEnd(14),
        String(defaults[Math.floor(defaults.length / 2)]).padEnd(8),
        `${middle.performance} (≥${TARGETS.performance}) ${middle.slowdown.toFixed(1)}×`.padEnd(19),
        middle.lcp.padEnd(8),
        middle.tbt.padEnd(8),
        middle.scriptKb,
      ].join(' '),
    );
    for (const failed of middle.accessibilityFailures) console.log(`    accessibility: ${failed}`);
  }
} finally {
  chrome.kill();
  await web.stop();
  await bench.stop();
}
