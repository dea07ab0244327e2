// The suite's `test` and `expect`: Playwright's, with every page waiting, after each full page load it starts
// (`goto`, `reload`), until the app's scripts have taken the page over. The app sends pages that are readable at once
// and loads their scripts after the first paint; a test that typed into such a page before then would be testing
// the plain HTML form, not the app. Pages that are not HTML (a file, a calendar feed) are not waited for.
import { test as base, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test';
import { waitForHydration } from './session.ts';

export { expect } from '@playwright/test';

const patched = new WeakSet<Page>();

async function afterLoad(page: Page, response: Response | null): Promise<Response | null> {
  const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
  if (html) await waitForHydration(page);
  return response;
}

function waitingForHydration(page: Page): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => afterLoad(page, await goto(url, options));
  page.reload = async (options) => afterLoad(page, await reload(options));
  return page;
}

function contextWaitingForHydration(context: BrowserContext): BrowserContext {
  context.on('page', waitingForHydration);
  return context;
}

export const test = base.extend<object, { browser: Browser }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      const newPage = browser.newPage.bind(browser);
      browser.newContext = async (options) => contextWaitingForHydration(await newContext(options));
      browser.newPage = async (options) => waitingForHydration(await newPage(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await use(contextWaitingForHydration(context));
  },
  page: async ({ page }, use) => {
    await use(waitingForHydration(page));
  },
});
