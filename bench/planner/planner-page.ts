// The planner page in the browser: from its data arriving to its first screen, frames dropped while scrolling it
// down through 1,000 people and across a year of weeks, and how many elements the page holds meanwhile.
import type { Page } from '@playwright/test';
import { PLANNER_MARKS } from '../../apps/web/app/features/planner/planner-marks.ts';
import { median, ms, type Row } from '../lib/measure.ts';
import { firstScreen, scrollFrames, settle, type ScrollResult } from './in-page.ts';

const FRAME_MS = 1000 / 60;
const GRID = '[data-testid="planner-grid"]';

async function openPlanner(page: Page, query = '') {
  await page.goto(`/user-allocations${query}`);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, PLANNER_MARKS.gridPainted, {
    timeout: 60_000,
  });
}

/** Frames that took more than one and a half frames count as dropped. */
function scrollRow(what: string, result: ScrollResult): Row {
  const late = result.intervals.filter((interval) => interval > 1.5 * FRAME_MS).length;
  const longest = Math.max(...result.intervals);
  return {
    figure: `frames dropped scrolling ${what} (${Math.round(result.travelled)} px)`,
    value: `${late}/${result.intervals.length} (longest ${longest.toFixed(0)} ms)`,
    target: '0',
    ok: late === 0,
  };
}

export async function plannerPageFigures(page: Page, runs: number): Promise<Row[]> {
  const screens = [];
  for (let run = 0; run <= runs; run += 1) {
    await openPlanner(page);
    if (run > 0) screens.push(await page.evaluate(firstScreen, PLANNER_MARKS)); // the first run warms caches
  }
  const toScreen = median(screens.map((s) => s.gridPainted - s.responseEnd));
  const toData = median(screens.map((s) => s.dataLoaded - s.responseEnd));
  const request = median(screens.map((s) => s.requestDuration));

  await page.evaluate(settle);
  const firstElements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const down = await page.evaluate(scrollFrames, {
    selector: GRID,
    axis: 'y' as const,
    pixelsPerFrame: 30,
    frames: 150,
  });
  await openPlanner(page, '?months=12');
  await page.evaluate(settle);
  const across = await page.evaluate(scrollFrames, {
    selector: GRID,
    axis: 'x' as const,
    pixelsPerFrame: 30,
    frames: 120,
  });
  const elements = Math.max(firstElements, down.maxElements, across.maxElements);

  return [
    { figure: 'planner request as the browser sees it', value: ms(request), target: '-', ok: null },
    { figure: 'planner data arrived → unpacked', value: ms(toData), target: '-', ok: null },
    {
      figure: 'planner data arrived → first screen painted',
      value: ms(toScreen),
      target: '< 1000 ms',
      ok: toScreen < 1000,
    },
    scrollRow('down 1,000 people', down),
    scrollRow('across 52 weeks', across),
    { figure: 'elements in the page while scrolling', value: String(elements), target: '< 3,000', ok: elements < 3000 },
  ];
}
