// Planner benchmark: an organization of 1,000 people, 300 projects and 20,000 allocations over a year, on the
// embedded backend (PGlite). Prints each figure next to its target, and the ratio of the data API's answer to the
// same SQL run directly on the database in the same run. With --browser it also measures the production build in
// Chromium: the planner's first screen, scrolling it, and opening the project list (run `npm run build` first).
import { printTable } from './lib/measure.ts';
import { apiFigures } from './planner/api.ts';
import { browserFigures } from './planner/browser.ts';
import { startBenchOrganization } from './planner/organization.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const withBrowser = process.argv.includes('--browser');

const bench = await startBenchOrganization();
try {
  printTable(`Planner benchmark on PGlite: data API (median of ${RUNS} runs)`, await apiFigures(bench, RUNS));
  if (withBrowser) {
    const runs = Math.min(RUNS, 5);
    printTable(
      `Planner benchmark in Chromium (first screen: median of ${runs} loads)`,
      await browserFigures(bench, runs),
    );
  }
} finally {
  await bench.stop();
}
