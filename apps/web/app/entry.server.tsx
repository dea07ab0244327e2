// Server rendering: streams the page to browsers, waits for the whole page for bots, and gives bots a plain-text
// status instead of an error page.
import { createReadableStreamFromReadable } from '@react-router/node';
import { PassThrough } from 'node:stream';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router';
import { isBotUserAgent } from './lib/bots';
import { plainErrorBody } from './lib/plain-error';
import { scriptsAfterPaint } from './lib/scripts-after-paint';
import { StylesheetReaderContext } from './ui/page-styles';
import { buildStylesheetReader } from './ui/page-styles.server';

/** The client build sits beside this server build; its stylesheets are written into the pages. */
const readStylesheet = buildStylesheetReader(new URL('../client/', import.meta.url));

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const userAgent = request.headers.get('user-agent');
  const isBot = userAgent !== null && isBotUserAgent(userAgent);
  if (isBot && responseStatusCode >= 400) {
    responseHeaders.set('Content-Type', 'text/plain; charset=utf-8');
    const body = plainErrorBody(responseStatusCode, new URL(request.url));
    return new Response(body, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Bots and crawlers get the complete page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions = isBot ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <StylesheetReaderContext.Provider value={readStylesheet}>
        <ServerRouter context={routerContext} url={request.url} />
      </StylesheetReaderContext.Provider>,
      {
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          // The page differs by these: a phone gets its own layout (lib/phone-hint.server.ts), a bot the whole page.
          responseHeaders.append('Vary', 'Sec-CH-UA-Mobile, User-Agent');
          const page = scriptsAfterPaint({ importModulesFirst: !import.meta.env.DEV });
          page.pipe(body);
          pipe(page);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject above and are logged by React Router; log the later ones here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Logs unexpected server errors; requests the browser abandoned are not errors. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  console.error(error);
};
