// Relays one request to a function's process and its answer back. The body streams both ways byte for byte; nothing
// reaches the caller before the function answers, so a caller's timeout stays its own; the wall-clock and body-size
// limits hold; a caller who leaves cancels the function's request; a process that fails gets Supabase's answer for
// the reason it ended.
import http from 'node:http';
import type { Readable } from 'node:stream';
import type { FunctionErrorName } from './errors.ts';
import type { ExitReason, FunctionWorker } from './worker.ts';

export const REQUEST_ID_HEADER = 'x-functions-internal-request-id';
export const CLIENT_ADDRESS_HEADER = 'x-functions-internal-client-address';
const HANDLER_FAILED_HEADER = 'x-functions-internal-error';
const INTERNAL = 'x-functions-internal-';

/** Headers that describe one connection, not the message (RFC 9110 7.6.1), and are not relayed. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/** A raw header list (name, value, name, value…) without hop-by-hop and internal headers. */
export function relayedHeaders(raw: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !name.startsWith(INTERNAL)) kept.push(raw[i], raw[i + 1]);
  }
  return kept;
}

export interface RelayRequest {
  method: string;
  /** `/<name>/rest?query`, as the function sees it. */
  path: string;
  /** Raw header list, relayed as is (internal headers already added). */
  headers: string[];
  body?: Readable;
  maxBodyBytes: number;
  wallClockMs: number;
}

/** Where the answer goes: the caller's connection, or a Web Response when there is none. */
export interface Downstream {
  answer(status: number, headers: string[], body: Readable | undefined): void;
  answerError(name: FunctionErrorName): void;
  /** Cuts an answer already under way. */
  cut(): void;
  /** Called if the caller goes away before the answer is complete. */
  onGone(listener: () => void): void;
}

const reasonError = (reason: ExitReason | undefined): FunctionErrorName =>
  reason === 'cpu' || reason === 'memory' ? 'workerLimit' : 'workerError';

export function relay(worker: FunctionWorker, request: RelayRequest, downstream: Downstream, done: () => void): void {
  let answered = false;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(wallClock);
    done();
  };
  const answerError = (name: FunctionErrorName) => {
    if (answered) return;
    answered = true;
    downstream.answerError(name);
  };
  // Ends the exchange early: an error answer when none was given yet, else the answer under way is cut.
  const abandon = (name: FunctionErrorName) => {
    if (finished) return;
    if (answered) downstream.cut();
    else answerError(name);
    upstream.destroy();
    finish();
  };

  const upstream = http.request({
    socketPath: worker.socketPath,
    agent: worker.agent,
    method: request.method,
    path: request.path,
    headers: request.headers,
    setHost: false,
  });
  const wallClock = setTimeout(() => abandon('idleTimeout'), request.wallClockMs);

  upstream.on('response', (response) => {
    if (finished) return void response.resume();
    if (response.headers[HANDLER_FAILED_HEADER] !== undefined) {
      response.resume();
      return abandon('workerError');
    }
    answered = true;
    downstream.answer(response.statusCode ?? 502, relayedHeaders(response.rawHeaders), response);
    response.once('close', () => {
      if (!response.complete) downstream.cut();
      finish();
    });
  });

  upstream.on('error', () => {
    if (finished) return;
    if (answered) return abandon('workerError');
    // The connection broke because the process ended (or is ending): answer for the reason it ended.
    const settle = new Promise<undefined>((resolve) => setTimeout(resolve, 1000));
    void Promise.race([worker.exited, settle]).then((reason) => abandon(reasonError(reason)));
  });

  downstream.onGone(() => {
    if (finished) return;
    upstream.destroy();
    finish();
  });

  const { body } = request;
  if (!body) return void upstream.end();
  let received = 0;
  body.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > request.maxBodyBytes) {
      body.unpipe(upstream);
      abandon('bodyTooLarge');
    }
  });
  body.on('error', () => abandon('workerError'));
  body.pipe(upstream);
}
