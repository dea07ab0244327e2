// A server-rendered page is readable before its JavaScript runs, so the JavaScript waits for the first paint. React
// Router asks the browser to fetch every module of the page at once (module preloads in the head) and to run them as
// soon as they arrive; on a phone's slow connection they compete with the page itself, and their running holds up
// its first paint. This rewrites the page as it streams out: the preloads are taken out of the head, and the app's
// module script becomes a small classic script that, once the page has been painted, adds the same preloads and the
// same module script, in short tasks so that the page answers input meanwhile. Nothing else changes: the page hydrates
// as before, just after it is first painted. Whatever it does not recognise passes through untouched, so a page it
// cannot rewrite still works as React Router made it.
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const APP_SCRIPT_START = '<script type="module" async="">';
const SCRIPT_END = '</script>';
/** However the paint goes, the page becomes interactive no later than this. */
const LATEST_START_MS = 3000;

export interface LoaderOptions {
  /**
   * Import the page's modules one per task before the module script runs (the default). Off in development, where
   * the module script first installs React's fast refresh, which every component module needs before it runs.
   */
  importModulesFirst?: boolean;
}

/**
 * The classic script that replaces the module script: once the browser reports the page's first contentful paint,
 * the preloads (one per task), the modules (one import per task) and then the module script are added to the head
 * (React leaves nodes added at the end of the head alone while it hydrates). A tab nobody sees paints nothing, so
 * there they are added at once; where the browser cannot report paints, after the second frame; and in any case after
 * a few seconds.
 */
export function loaderScript(preloads: string[], moduleSource: string, options: LoaderOptions = {}): string {
  const importFirst = options.importModulesFirst ?? true;
  const code = `(function (preloads, source, importFirst) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    addPreloads(0);
  }
  // The next task, without the clamp browsers put on nested timers: a message to ourselves.
  var channel = new MessageChannel();
  var queued = [];
  channel.port1.onmessage = function () { queued.shift()(); };
  function nextTask(callback) {
    queued.push(callback);
    channel.port2.postMessage(null);
  }
  // One per task: on a first visit each preload is a cache entry to open, a millisecond or more of a slow phone's
  // main thread, and the page must stay responsive while they go in.
  function addPreloads(from) {
    if (from >= preloads.length) return evaluate(preloads.length - 1);
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = preloads[from];
    document.head.appendChild(link);
    nextTask(function () { addPreloads(from + 1); });
  }
  // The module script would run every module of the page in one task once all have arrived; importing them one at a
  // time first, those a module depends on before it, spreads that work over as many tasks. The application's entry
  // is left to the module script: running it starts the page, which must find the route modules in place.
  var entry = /import\\("([^"]+)"\\)/.exec(source);
  function evaluate(index) {
    if (index < 0 || !importFirst) return addScript();
    if (entry && preloads[index] === entry[1]) return evaluate(index - 1);
    var next = function () { nextTask(function () { evaluate(index - 1); }); };
    import(preloads[index]).then(next, next);
  }
  function addScript() {
    var script = document.createElement('script');
    script.type = 'module';
    script.textContent = source;
    document.head.appendChild(script);
  }
  if (document.visibilityState !== 'visible') return start();
  setTimeout(start, ${LATEST_START_MS});
  var observer = typeof PerformanceObserver === 'function' &&
    (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (!observer) return requestAnimationFrame(function () { requestAnimationFrame(start); });
  new PerformanceObserver(function (list, self) {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    self.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
})(${inlineJson(preloads)}, ${inlineJson(moduleSource)}, ${importFirst});`;
  return `<script>${code}</script>`;
}

/** JSON that can sit inside a script element: no `</script>` or `<!--` can be formed from it. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's start, up to and including the app's module script, rewritten; null when it holds no such script. */
export function rewritePageStart(html: string, options: LoaderOptions = {}): string | null {
  const scriptStart = html.indexOf(APP_SCRIPT_START);
  if (scriptStart < 0) return null;
  const sourceStart = scriptStart + APP_SCRIPT_START.length;
  const sourceEnd = html.indexOf(SCRIPT_END, sourceStart);
  if (sourceEnd < 0) return null;
  const preloads: string[] = [];
  const before = html.slice(0, scriptStart).replace(MODULE_PRELOAD, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const source = html.slice(sourceStart, sourceEnd);
  return before + loaderScript(preloads, source, options) + html.slice(sourceEnd + SCRIPT_END.length);
}

/**
 * A stream of the page's bytes, rewritten by rewritePageStart. React writes the head and the module script with the
 * page's shell, in one go, so holding bytes back until the script has gone by delays nothing that could be sent.
 */
export function scriptsAfterPaint(options: LoaderOptions = {}): Transform {
  const decoder = new StringDecoder('utf8');
  let held = '';
  let rewritten = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (rewritten) return callback(null, chunk);
      held += decoder.write(chunk);
      const page = rewritePageStart(held, options);
      if (page === null) return callback();
      rewritten = true;
      held = '';
      callback(null, page);
    },
    flush(callback) {
      const rest = held + decoder.end();
      callback(null, rest || undefined);
    },
  });
}
