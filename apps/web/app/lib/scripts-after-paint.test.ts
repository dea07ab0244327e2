// @vitest-environment jsdom
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loaderScript, rewritePageStart, scriptsAfterPaint } from './scripts-after-paint';

const MODULE_SOURCE = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<title>Sign in · Teamplan</title></head><body><main>Sign in</main>' +
  '<script>window.__reactRouterContext = {};</script>' +
  `<script type="module" async="">${MODULE_SOURCE}</script>` +
  '<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>';

/** A browser's report of paints, as far as the loader uses it: entries are delivered by calling paint(name). */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static observers: FakePaintObserver[] = [];
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, self: unknown) => void) {
    FakePaintObserver.observers.push(this);
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  static paint(name: string) {
    for (const observer of FakePaintObserver.observers.filter((o) => !o.disconnected)) {
      observer.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, observer);
    }
  }
}

/** Tasks the loader queued through its message channel, run by the test one at a time. */
let tasks: Array<() => void> = [];
/** The modules the loader imported, in order (its `import()` is pointed here). */
let imported: string[] = [];

class FakeMessageChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
}

/** Runs the classic script the rewrite put in place of the module script, in a page of jsdom. */
function runLoader(
  html: string,
  visibility: DocumentVisibilityState,
  paintObserver: unknown = FakePaintObserver,
  importModule = (href: string) => {
    imported.push(href);
    return Promise.resolve();
  },
) {
  const code = /<script>(\(function \(preloads[\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(code).toBeDefined();
  document.head.innerHTML = '';
  FakePaintObserver.observers = [];
  tasks = [];
  imported = [];
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('PerformanceObserver', paintObserver);
  vi.stubGlobal('MessageChannel', FakeMessageChannel);
  expect(code).toContain('import(preloads[index])');
  new Function('importModule', code!.replace('import(preloads[index])', 'importModule(preloads[index])'))(importModule);
  return frames;
}

/** Runs queued tasks, and the promises they settle, until the loader has nothing left to do. */
async function runAllTasks() {
  for (let idle = 0; idle < 5;) {
    const task = tasks.shift();
    if (task) {
      idle = 0;
      task();
    } else idle += 1;
    await Promise.resolve();
  }
}

const addedScript = () => document.head.querySelector('script');
const addedPreloads = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('rewritePageStart', () => {
  it('takes the module preloads out of the head and replaces the module script with a loader', () => {
    const page = rewritePageStart(PAGE)!;
    expect(page).not.toContain('<link rel="modulepreload"');
    expect(page).not.toContain('<script type="module"');
    expect(page).toContain('<title>Sign in · Teamplan</title></head><body><main>Sign in</main>');
    // Everything after the module script is left as it was.
    expect(
      page.endsWith(
        '<!--$--><script>window.__reactRouterContext.streamController.close();</script><!--/$--></body></html>',
      ),
    ).toBe(true);
  });

  it('leaves a page without the app module script alone', () => {
    expect(rewritePageStart('<html><body><main>Hi</main></body></html>')).toBeNull();
    expect(rewritePageStart('<html><body><script type="module" async="">import "/a.js";')).toBeNull();
  });
});

describe('the loader', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('adds the preloads and the module script once the first contentful paint is reported', async () => {
    runLoader(rewritePageStart(PAGE)!, 'visible');
    FakePaintObserver.paint('first-paint');
    await runAllTasks();
    expect(addedPreloads()).toEqual([]);
    FakePaintObserver.paint('first-contentful-paint');
    await runAllTasks();
    expect(addedPreloads()).toEqual(['/assets/entry.client.js', '/assets/root.js']);
    expect(addedScript()?.type).toBe('module');
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
    // Only once, whatever is reported or times out afterwards.
    FakePaintObserver.paint('first-contentful-paint');
    await runAllTasks();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
    expect(addedPreloads()).toHaveLength(2);
  });

  it('adds the preloads one per task, then imports the modules one per task before the module script', async () => {
    const hrefs = Array.from({ length: 4 }, (_, index) => `/assets/chunk-${index}.js`);
    runLoader(loaderScript([...hrefs, '/assets/entry.client.js'], MODULE_SOURCE), 'visible');
    FakePaintObserver.paint('first-contentful-paint');
    for (let count = 1; count < 5; count += 1) {
      expect(addedPreloads()).toHaveLength(count);
      tasks.shift()!();
    }
    expect(addedPreloads()).toEqual([...hrefs, '/assets/entry.client.js']);
    expect(imported).toEqual([]);
    await Promise.resolve();
    // Last first: a page's later modules are those its earlier ones are built from. The entry is not imported: it
    // starts the page, so it runs from the module script, after the route modules are in place.
    for (const href of [...hrefs].reverse()) {
      tasks.shift()!();
      expect(imported.at(-1)).toBe(href);
      expect(addedScript()).toBeNull();
      await Promise.resolve();
    }
    await runAllTasks();
    expect(imported).toEqual([...hrefs].reverse());
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('imports nothing itself when asked not to, as in development, where the module script must run first', async () => {
    const page = rewritePageStart(PAGE, { importModulesFirst: false })!;
    runLoader(page, 'visible');
    FakePaintObserver.paint('first-contentful-paint');
    await runAllTasks();
    expect(addedPreloads()).toEqual(['/assets/entry.client.js', '/assets/root.js']);
    expect(imported).toEqual([]);
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('adds the module script even when a module fails to load, so the page fails as it would have', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('not found')));
    runLoader(loaderScript(['/assets/missing.js'], MODULE_SOURCE), 'visible', FakePaintObserver, failing);
    FakePaintObserver.paint('first-contentful-paint');
    await runAllTasks();
    expect(failing).toHaveBeenCalledWith('/assets/missing.js');
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('starts at once in a tab nobody sees, where nothing is painted', async () => {
    runLoader(rewritePageStart(PAGE)!, 'hidden');
    expect(addedPreloads()).toHaveLength(1);
    await runAllTasks();
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('starts after the second frame where paints are not reported', async () => {
    const frames = runLoader(rewritePageStart(PAGE)!, 'visible', null);
    frames.shift()!(0);
    await runAllTasks();
    expect(addedPreloads()).toEqual([]);
    frames.shift()!(16);
    await runAllTasks();
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('starts after three seconds if no paint is ever reported', async () => {
    vi.useFakeTimers();
    runLoader(rewritePageStart(PAGE)!, 'visible');
    vi.advanceTimersByTime(2999);
    expect(addedPreloads()).toEqual([]);
    vi.advanceTimersByTime(1);
    await runAllTasks();
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('cannot be closed early by what the module source contains', () => {
    const html = loaderScript(['/a.js'], 'const s = "</script><script>alert(1)</script><!--";');
    expect(html.indexOf('</script>')).toBe(html.length - '</script>'.length);
    expect(html).not.toContain('<!--');
  });
});

describe('scriptsAfterPaint', () => {
  it('rewrites a page however its bytes are split, multi-byte characters included', async () => {
    const bytes = Buffer.from(PAGE);
    const expected = rewritePageStart(PAGE);
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await text(Readable.from(chunks).pipe(scriptsAfterPaint()))).toBe(expected);
    }
  });

  it('passes a page it cannot rewrite through unchanged', async () => {
    const page = '<html><body><p>Ünïcode</p></body></html>';
    expect(await text(Readable.from([Buffer.from(page)]).pipe(scriptsAfterPaint()))).toBe(page);
  });
});
