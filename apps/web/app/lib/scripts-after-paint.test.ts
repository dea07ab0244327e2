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

/** Runs the classic script the rewrite put in place of the module script, in a page of jsdom. */
function runLoader(html: string, visibility: DocumentVisibilityState, paintObserver: unknown = FakePaintObserver) {
  const code = /<script>(\(function \(preloads[\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(code).toBeDefined();
  document.head.innerHTML = '';
  FakePaintObserver.observers = [];
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility);
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('PerformanceObserver', paintObserver);
  new Function(code!)();
  return frames;
}

const addedScript = () => document.head.querySelector('script');

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

  it('adds the preloads and the module script once the first contentful paint is reported', () => {
    runLoader(rewritePageStart(PAGE)!, 'visible');
    FakePaintObserver.paint('first-paint');
    expect(addedScript()).toBeNull();
    FakePaintObserver.paint('first-contentful-paint');
    const preloads = [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/entry.client.js', '/assets/root.js']);
    expect(addedScript()?.type).toBe('module');
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
    // Only once, whatever is reported or times out afterwards.
    FakePaintObserver.paint('first-contentful-paint');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('adds many preloads a few per task, in order, and the module script after the last of them', () => {
    vi.useFakeTimers();
    const hrefs = Array.from({ length: 14 }, (_, index) => `/assets/chunk-${index}.js`);
    runLoader(loaderScript(hrefs, MODULE_SOURCE), 'visible');
    FakePaintObserver.paint('first-contentful-paint');
    const added = () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(added()).toEqual(hrefs.slice(0, 6));
    expect(addedScript()).toBeNull();
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual(hrefs.slice(0, 12));
    expect(addedScript()).toBeNull();
    vi.advanceTimersToNextTimer();
    expect(added()).toEqual(hrefs);
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('starts at once in a tab nobody sees, where nothing is painted', () => {
    runLoader(rewritePageStart(PAGE)!, 'hidden');
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('starts after the second frame where paints are not reported', () => {
    const frames = runLoader(rewritePageStart(PAGE)!, 'visible', null);
    frames.shift()!(0);
    expect(addedScript()).toBeNull();
    frames.shift()!(16);
    expect(addedScript()?.textContent).toBe(MODULE_SOURCE);
  });

  it('starts after three seconds if no paint is ever reported', () => {
    vi.useFakeTimers();
    runLoader(rewritePageStart(PAGE)!, 'visible');
    vi.advanceTimersByTime(2999);
    expect(addedScript()).toBeNull();
    vi.advanceTimersByTime(1);
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
