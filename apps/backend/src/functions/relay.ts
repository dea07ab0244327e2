// Relays one request to a function's process and its answer back, over the process's channel. The body streams both
// ways, held back when the other side reads slower; nothing reaches the caller before the function answers, so a
// caller's timeout stays its own; the wall-clock and body-size limits hold; a caller who leaves cancels the function's
// request; a process that fails gets Supabase's answer for the reason it ended.
import type { Readable } from 'node:stream';
import type { RequestHead } from './channel.ts';
import { WINDOW } from './deno/frames.ts';
import type { FunctionErrorName } from './errors.ts';
import { answerHeaders } from './relay-headers.ts';
import type { ExitReason, FunctionWorker } from './worker.ts';

export interface RelayRequest {
  method: string;
  /** The URL the function sees: the caller's host, `/<name>/rest?query`. */
  url: string;
  /** The headers the function sees (see functionRequestHeaders). */
  headers: Array<[string, string]>;
  requestId: string;
  clientAddress?: string;
  body?: Readable;
  maxBodyBytes: number;
  wallClockMs: number;
}

/** Where the answer goes: the caller's connection, or a Web Response when there is none. */
export interface Downstream {
  /** A whole answer at once. */
  answer(status: number, headers: string[], body: Buffer): void;
  begin(status: number, headers: string[]): void;
  /** Writes a piece of the body; `written` once it is passed on. */
  write(chunk: Buffer, written: () => void): void;
  end(): void;
  answerError(name: FunctionErrorName): void;
  /** Cuts an answer already under way. */
  cut(): void;
  /** Called if the caller goes away before the answer is complete. */
  onGone(listener: () => void): void;
}

const reasonError = (reason: ExitReason | undefined): FunctionErrorName =>
  reason === 'cpu' || reason === 'memory' ? 'workerLimit' : 'workerError';

export function relay(worker: FunctionWorker, request: RelayRequest, downstream: Downstream, done: () => void): void {
  const { channel } = worker;
  const { body } = request;
  let answered = false;
  let finished = false;
  // Request body bytes sent that the function has not read yet, and answer bytes passed on but not yet credited.
  let unread = 0;
  let uncredited = 0;
  let received = 0;

  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(wallClock);
    if (body) {
      body.off('data', onData);
      // The rest of a body the function did not wait for is read and dropped, so the connection can serve the next
      // request; one over the limit is not read further (the connection closes after the answer).
      if (received > request.maxBodyBytes) body.pause();
      else body.resume();
    }
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
    channel.cancel(id);
    finish();
  };
  const wallClock = setTimeout(() => abandon('idleTimeout'), request.wallClockMs);

  const passedOn = (bytes: number) => {
    uncredited += bytes;
    if (uncredited < WINDOW / 2 || finished) return;
    channel.sendCredit(id, uncredited);
    uncredited = 0;
  };

  const head: RequestHead = [
    request.method,
    request.url,
    request.headers,
    body !== undefined,
    request.requestId,
    request.clientAddress ?? null,
  ];
  const id = channel.open(head, {
    whole(status, headers, length, answer) {
      answered = true;
      downstream.answer(status, answerHeaders(status, headers, length), answer);
      finish();
    },
    head(status, headers, length) {
      answered = true;
      downstream.begin(status, answerHeaders(status, headers, length));
    },
    body(chunk) {
      downstream.write(chunk, () => passedOn(chunk.length));
    },
    end() {
      downstream.end();
      finish();
    },
    failed() {
      if (answered) downstream.cut();
      else answerError('workerError');
      finish();
    },
    credit(bytes) {
      unread -= bytes;
      if (unread < WINDOW && !finished) body?.resume();
    },
    lost() {
      if (finished) return;
      if (answered) return abandon('workerError');
      // The connection broke because the process ended (or is ending): answer for the reason it ended.
      const settle = new Promise<undefined>((resolve) => setTimeout(resolve, 1000));
      void Promise.race([worker.exited, settle]).then((reason) => abandon(reasonError(reason)));
    },
  });

  downstream.onGone(() => {
    if (finished) return;
    channel.cancel(id);
    finish();
  });

  if (!body) return;
  function onData(chunk: Buffer) {
    received += chunk.length;
    if (received > request.maxBodyBytes) return abandon('bodyTooLarge');
    channel.sendBody(id, chunk);
    unread += chunk.length;
    if (unread >= WINDOW) body!.pause();
  }
  body.on('data', onData);
  body.once('end', () => {
    if (!finished) channel.sendEnd(id);
  });
  body.on('error', () => abandon('workerError'));
}
