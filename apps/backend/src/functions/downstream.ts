// The two ends a function's answer can go to. Over a socket it is written straight onto the caller's connection, as
// the function streams it: turning it into a Web Response first costs more than the rest of the relay. Without a
// socket (`app.request()` in tests), and for HEAD, which Hono answers from a Response's headers, it becomes a Web
// Response. Either way the gateway's CORS headers are added where the function did not set its own.
import type { ServerResponse } from 'node:http';
import { FUNCTION_ERRORS, renderError, type FunctionErrorName } from './errors.ts';
import type { Downstream } from './relay.ts';

/** The gateway's CORS headers for this request, added to a raw header list unless the function set them. */
export function withCors(headers: string[], cors: Record<string, string> | undefined): string[] {
  if (!cors) return headers;
  const present = new Set<string>();
  for (let i = 0; i < headers.length; i += 2) present.add(headers[i].toLowerCase());
  const merged = [...headers];
  for (const [name, value] of Object.entries(cors)) {
    if (name === 'vary' || !present.has(name)) merged.push(name, value);
  }
  return merged;
}

const flat = (record: Record<string, string>) => Object.entries(record).flat();

const uncork = (outgoing: ServerResponse) => outgoing.uncork();

export function nodeDownstream(outgoing: ServerResponse, cors: Record<string, string> | undefined): Downstream {
  // The date comes with the function's headers (see relay.ts).
  outgoing.sendDate = false;
  return {
    answer(status, headers, body) {
      outgoing.writeHead(status, withCors(headers, cors));
      // Written with the head in one go.
      outgoing.end(body);
    },
    begin(status, headers) {
      outgoing.writeHead(status, withCors(headers, cors));
      // The head, and whatever of the body came with it, leave in one write once these frames are handled.
      outgoing.cork();
      process.nextTick(uncork, outgoing);
    },
    write(chunk, written) {
      outgoing.write(chunk, written);
    },
    end() {
      outgoing.end();
    },
    answerError(name) {
      const { status, headers, body } = renderError(FUNCTION_ERRORS[name]);
      // A body refused half-way is not read to its end: the connection closes after the answer.
      if (name === 'bodyTooLarge') outgoing.shouldKeepAlive = false;
      outgoing.sendDate = true;
      outgoing.writeHead(status, withCors(flat(headers), cors));
      outgoing.end(body);
    },
    cut() {
      outgoing.destroy();
    },
    onGone(listener) {
      // A caller may leave while the function's process starts: its connection is closed before the relay begins.
      if (outgoing.closed) return queueMicrotask(listener);
      outgoing.once('close', () => {
        if (!outgoing.writableFinished) listener();
      });
    },
  };
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

export function webDownstream(cors: Record<string, string> | undefined): Downstream & { response: Promise<Response> } {
  let resolve!: (response: Response) => void;
  const response = new Promise<Response>((settle) => (resolve = settle));
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const headersOf = (raw: string[]) => {
    const headers = new Headers();
    for (let i = 0; i < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
    return headers;
  };
  return {
    response,
    answer(status, headers, body) {
      const empty = NULL_BODY_STATUS.has(status);
      resolve(
        new Response(empty ? null : new Uint8Array(body), { status, headers: headersOf(withCors(headers, cors)) }),
      );
    },
    begin(status, headers) {
      const body = NULL_BODY_STATUS.has(status)
        ? null
        : new ReadableStream<Uint8Array>({ start: (started) => void (controller = started) });
      resolve(new Response(body, { status, headers: headersOf(withCors(headers, cors)) }));
    },
    write(chunk, written) {
      controller?.enqueue(new Uint8Array(chunk));
      written();
    },
    end() {
      controller?.close();
    },
    answerError(name: FunctionErrorName) {
      const { status, headers, body } = renderError(FUNCTION_ERRORS[name]);
      resolve(new Response(body, { status, headers: headersOf(withCors(flat(headers), cors)) }));
    },
    cut() {
      controller?.error(new Error('the function did not finish its answer'));
    },
    onGone() {},
  };
}
