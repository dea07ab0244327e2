// A first visit is painted from the HTML alone: the page's styles come inside the document, and its scripts are
// asked for only once the page has been painted. Pages reached afterwards by navigating in the app bring their own
// styles, and a page that was written inline keeps working when React takes it over. Nothing on it moves as it loads.
// Scripts go out as compressed at build time. Fields keep the ids they were served with.
import type { Page } from '@playwright/test';
import { get } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { signIn, waitForHydration } from './support/session.ts';

/** When the first contentful paint happened, and when the first of the app's scripts was asked for. */
async function paintAndScripts(page: Page) {
  await waitForHydration(page);
  return page.evaluate(() => {
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname));
    return {
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
      firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
      scripts: scripts.length,
    };
  });
}

test('the sign-in page is painted before any of its scripts is asked for, with its styles inside the page', async ({
  page,
}) => {
  const response = await page.goto('/login');
  const html = await response!.text();
  expect(html).toContain('<style data-href="/assets/');
  // The only stylesheet links are disabled ones, which the browser does not fetch: they tell React Router the file
  // is in the page already.
  const stylesheetLinks = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
  expect(stylesheetLinks.length).toBeGreaterThan(0);
  expect(stylesheetLinks.filter((link) => !link.includes(' disabled'))).toEqual([]);
  expect(html).not.toContain('<link rel="modulepreload"');

  const timing = await paintAndScripts(page);
  expect(timing.scripts).toBeGreaterThan(0);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);
});

test('a signed-in page paints before its scripts too, and a page reached in the app gets its own styles', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.projectManager.email);
  await page.goto('/');
  const timing = await paintAndScripts(page);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);
  await waitForHydration(page);

  // The home page's document is still the one in the tab after this: the projects page came by navigating.
  await page.evaluate(() => ((window as unknown as { firstDocument: boolean }).firstDocument = true));
  const writtenInline = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style[data-href]'), (style) => style.getAttribute('data-href')),
  );
  expect(writtenInline.length).toBeGreaterThan(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument)).toBe(true);
  // Every stylesheet the projects page needs is in the document, written inline on the first load or linked now.
  const missingStyles = () =>
    page.evaluate(() => {
      const manifest = (window as unknown as { __reactRouterManifest: { routes: Record<string, { css?: string[] }> } })
        .__reactRouterManifest;
      const present = new Set([
        ...Array.from(document.querySelectorAll('style[data-href]'), (style) => style.getAttribute('data-href')),
        ...Array.from(
          document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])'),
          (link) => new URL(link.href).pathname,
        ),
      ]);
      return (manifest.routes['routes/projects']?.css ?? [])
        .map((href) => href.replace(/#$/, ''))
        .filter((href) => !present.has(href));
    });
  await expect.poll(missingStyles).toEqual([]);
  // What the first page carried inline is not downloaded again for the next one.
  const fetched = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  const fetchedAgain = fetched.filter((path) => writtenInline.includes(path));
  expect(fetchedAgain).toEqual([]);
});

test('styles a page did not have on its first load apply after navigating to it', async ({ page }) => {
  await page.goto('/login');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { firstDocument: boolean }).firstDocument = true));
  await page.getByRole('link', { name: 'Create an account' }).click();
  // The strength hints are a Mantine list, whose styles the sign-in page did not carry: without them the browser
  // would indent the list by its default 40 pixels.
  const hints = page.getByRole('list', { name: 'Strength hints' });
  await expect(hints).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { firstDocument?: boolean }).firstDocument)).toBe(true);
  await expect(hints).toHaveCSS('padding-inline-start', '20px');
});

test('the sign-in page does not move while it loads on a slow phone', async ({ page, context }) => {
  // A slow CPU parses the streamed document in several parts, with time to paint in between: a card centered on its
  // own height was painted cut off, then moved up as the rest arrived (a layout shift of 0.13 to 0.18). What may still
  // move is a line of text that wraps once its last word arrives, far below the 0.1 that browsers call good.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (let load = 0; load < 3; load++) {
    await page.goto('/login');
    await waitForHydration(page);
    // Effects after hydration (Mantine measuring the page) come a moment later.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.02);
  }
});

/** A GET with the given Accept-Encoding, its body as sent (not decoded). */
function fetchRaw(url: string, acceptEncoding: string): Promise<{ encoding?: string; vary?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          encoding: response.headers['content-encoding'],
          vary: response.headers.vary,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    }).on('error', reject);
  });
}

test('scripts go out as compressed at build time: Brotli when the browser takes it, else gzip', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  const script = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .find((name) => /\/assets\/entry\.client-[^/]+\.js$/.test(name))!,
  );
  expect(script).toBeTruthy();
  const plain = await fetchRaw(script, 'identity');
  expect(plain.encoding).toBeUndefined();
  const brotli = await fetchRaw(script, 'gzip, deflate, br');
  expect(brotli.encoding).toBe('br');
  expect(brotli.vary).toMatch(/accept-encoding/i);
  expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
  const gzip = await fetchRaw(script, 'gzip, deflate');
  expect(gzip.encoding).toBe('gzip');
  expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  expect(brotli.body.length).toBeLessThan(gzip.body.length);
  // Pages are made per request and still compressed as they are sent.
  const html = await fetchRaw(`${baseURL}/login`, 'gzip');
  expect(html.encoding).toBe('gzip');
  expect(gunzipSync(html.body).toString()).toContain('<title>');
});

test('fields keep the ids they were served with, so nothing is drawn again once the page runs', async ({ page }) => {
  const response = await page.goto('/login');
  const servedId = /<input[^>]*id="([^"]+)"[^>]*name="identifier"/.exec(await response!.text())?.[1];
  expect(servedId).toMatch(/^mantine-/);
  await waitForHydration(page);
  // Mantine would swap each id for a random one after hydrating, re-rendering every field at once.
  await page.waitForTimeout(200);
  await expect(page.getByLabel('Email or phone')).toHaveAttribute('id', servedId!);
});
