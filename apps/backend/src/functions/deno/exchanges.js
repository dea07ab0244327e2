// Serves the function's handler to the backend over the connection the bootstrap opened: every request frame becomes
// a Web Request handed to the handler in this process, and its Response goes back as frames, the body as it streams.
// Frames are written in one batch per turn of the event loop. The answer goes back as Deno.serve would write it: a body
// held whole with its length, a streaming one piece by piece, the headers as the function set them.
import {
  encodeFrame,
  encodeJsonFrame,
  encodeNumberFrame,
  encodeWholeFrame,
  FRAME,
  FrameDecoder,
  jsonPayload,
  MAX_BODY_FRAME,
  numberPayload,
  WINDOW,
} from './frames.ts';
import { flatHeaders, streamsBody } from './answer-shape.js';
import { FrameWriter } from './frame-writer.js';
import { RequestBody } from './request-body.js';

const encoder = new TextEncoder();
const READ_BYTES = 64 * 1024;
const EMPTY = new Uint8Array(0);
const NOT_A_RESPONSE = 'Return value from serve handler must be a response or a promise resolving to a response';

/** One request and its answer. */
class Exchange {
  cancelled = false;
  #server;
  #id;
  #method;
  #aborter = new AbortController();
  #body;
  #reader;
  #status = 0;
  #headers = [];
  #headSent = false;
  #held = [];
  #heldBytes = 0;
  #unacked = 0;
  #creditArrived;
  #complete;

  constructor(server, id, method, hasBody) {
    this.#server = server;
    this.#id = id;
    this.#method = method;
    if (hasBody)
      this.#body = new RequestBody((bytes) => server.send(encodeNumberFrame(FRAME.requestCredit, id, bytes)));
    this.completed = new Promise((resolve) => (this.#complete = resolve));
  }

  request(url, headers) {
    return new Request(url, {
      method: this.#method,
      headers,
      body: this.#body?.stream ?? null,
      signal: this.#aborter.signal,
      duplex: 'half',
    });
  }

  requestBody(chunk) {
    this.#body?.push(chunk);
  }

  requestEnd() {
    this.#body?.end();
  }

  credit(bytes) {
    this.#unacked -= bytes;
    const arrived = this.#creditArrived;
    this.#creditArrived = undefined;
    arrived?.();
  }

  /** The caller went away or the backend gave up: the function hears of it through the request's signal. */
  cancel() {
    if (this.cancelled) return;
    this.cancelled = true;
    this.#server.forget(this);
    const reason = new DOMException('The request was cancelled', 'AbortError');
    this.#aborter.abort(reason);
    this.#body?.fail(reason);
    this.#reader?.cancel(reason).catch(() => {});
    this.credit(0);
    this.#complete();
  }

  /**
   * No answer can be given (the function's `onError` failed too, or the answer broke once under way): the backend
   * answers with the platform's error, or cuts the answer.
   */
  failed() {
    this.#finish(encoder.encode('handler'), FRAME.failed);
  }

  /**
   * A handler that threw, without an `onError`: the bare 500 of Deno.serve and of Supabase's edge runtime. It is the
   * function's failure, not the platform's, so it has no error code, and the process goes on serving.
   */
  internalServerError() {
    this.#bare(500, 'Internal Server Error');
  }

  /**
   * A handler that gave something other than a Response: Supabase's edge runtime answers a bare 502 where Deno.serve
   * answers 500.
   */
  notAResponse() {
    console.error(new TypeError(NOT_A_RESPONSE));
    this.#bare(502, 'Bad Gateway');
  }

  /** A status and its reason as the body, with no headers of the function's (so no content type). */
  #bare(status, reason) {
    // An answer already under way can only be cut.
    if (this.#headSent) return this.failed();
    this.#status = status;
    this.#headers = [];
    this.#sendWhole(encoder.encode(reason));
  }

  async answer(response) {
    if (!(response instanceof Response)) return this.cancelled || this.notAResponse();
    // An answer that comes after its caller left: a stream behind it is told it will not be read.
    if (this.cancelled) return void response.body?.cancel().catch(() => {});
    this.#status = response.status;
    const { headers } = response;
    const streamed = streamsBody(response);
    this.#headers = flatHeaders(headers, this.#status === 200 && streamed === false);
    const body = response.body;
    if (body === null) return this.#sendWhole(EMPTY);
    if (streamed === false) {
      const bytes = await response.bytes();
      if (!this.cancelled) this.#sendWhole(bytes);
      return;
    }
    this.#reader = body.getReader();
    // A body held whole is read to its end before the head goes out with its length; when Deno does not tell, a body
    // read to its end before the next batch is written counts as whole.
    if (streamed) this.decide();
    else this.#server.awaitDecision(this);
    try {
      for (;;) {
        if (this.#headSent && this.#unacked >= WINDOW) await new Promise((resolve) => (this.#creditArrived = resolve));
        if (this.cancelled) return;
        const { done, value } = await this.#reader.read();
        if (this.cancelled) return;
        if (done) break;
        if (!(value instanceof Uint8Array)) throw new TypeError('A response body chunk must be a Uint8Array');
        if (this.#headSent) this.#sendBody(value);
        else {
          this.#held.push(value);
          this.#heldBytes += value.length;
        }
      }
    } catch (error) {
      if (this.cancelled) return;
      console.error(error);
      this.decide();
      return this.#finish(encoder.encode('stream'), FRAME.failed);
    }
    this.#server.decided(this);
    if (this.#headSent) return this.#finish();
    const whole = new Uint8Array(this.#heldBytes);
    let offset = 0;
    for (const chunk of this.#held) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    this.#held = [];
    this.#sendWhole(whole);
  }

  /** The answer's head and its whole body: in one frame when small, else in pieces that wait for credit. */
  #sendWhole(body) {
    if (body.length > MAX_BODY_FRAME) {
      this.#sendHead(body.length);
      this.#sendBody(body);
      return this.#finish();
    }
    const head = [this.#status, this.#headers, body.length];
    this.#server.send(encodeWholeFrame(this.#id, head, this.#method === 'HEAD' ? EMPTY : body));
    this.#server.forget(this);
    this.#complete();
  }

  /** Called before a batch is written while the body still streams: the head goes out now, without a length. */
  decide() {
    this.#server.decided(this);
    if (this.#headSent || this.cancelled) return;
    this.#sendHead(-1);
    for (const chunk of this.#held) this.#sendBody(chunk);
    this.#held = [];
    // An answer to HEAD has no body: once its head is out, the rest is not needed.
    if (this.#method === 'HEAD') {
      this.#reader.cancel().catch(() => {});
      this.cancelled = true;
      this.#finish();
    }
  }

  #sendHead(length) {
    this.#headSent = true;
    this.#server.send(encodeJsonFrame(FRAME.head, this.#id, [this.#status, this.#headers, length]));
  }

  #sendBody(chunk) {
    if (this.#method === 'HEAD') return;
    for (let offset = 0; offset < chunk.length; offset += MAX_BODY_FRAME) {
      const piece = chunk.subarray(offset, offset + MAX_BODY_FRAME);
      this.#unacked += piece.length;
      this.#server.send(encodeFrame(FRAME.responseBody, this.#id, piece));
    }
  }

  #finish(payload, kind = FRAME.responseEnd) {
    this.#server.send(encodeFrame(kind, this.#id, payload));
    this.#server.forget(this);
    this.#complete();
  }

  get id() {
    return this.#id;
  }
}

/**
 * Reads request frames from `conn` until it closes, and runs each through `handler` within `runAs(requestId)` (which
 * tags the function's console output). Resolves once the backend has closed the connection.
 */
export async function serveExchanges(conn, { handler, onError, runAs, socketAddr }) {
  const exchanges = new Map();
  const undecided = new Set();
  const writer = new FrameWriter(conn, () => {
    for (const exchange of undecided) exchange.decide();
  });
  const server = {
    send: (frame) => writer.send(frame),
    forget: (exchange) => {
      exchanges.delete(exchange.id);
      undecided.delete(exchange);
    },
    awaitDecision: (exchange) => {
      undecided.add(exchange);
      writer.schedule();
    },
    decided: (exchange) => undecided.delete(exchange),
  };

  const start = (id, payload) => {
    const [method, url, headers, hasBody, requestId, client] = jsonPayload(payload);
    const exchange = new Exchange(server, id, method, hasBody);
    exchanges.set(id, exchange);
    const info = {
      remoteAddr: client ? { transport: 'tcp', hostname: client, port: 0 } : socketAddr,
      completed: exchange.completed,
    };
    runAs(requestId, () => {
      const failed = (error) => {
        if (exchange.cancelled) return;
        if (!onError) {
          console.error(error);
          return exchange.internalServerError();
        }
        Promise.resolve()
          .then(() => onError(error))
          .then((response) => exchange.answer(response))
          .catch((secondError) => {
            console.error(secondError);
            exchange.failed();
          });
      };
      const answer = (response) => exchange.answer(response).catch(failed);
      let result;
      try {
        result = handler(exchange.request(url, headers), info);
      } catch (error) {
        return failed(error);
      }
      if (typeof result?.then === 'function') result.then(answer, failed);
      else answer(result);
    });
  };

  const decoder = new FrameDecoder((kind, id, payload) => {
    if (kind === FRAME.request) return start(id, payload);
    const exchange = exchanges.get(id);
    if (!exchange) return;
    // The payload is a view of the read buffer, which the next read overwrites.
    if (kind === FRAME.requestBody) exchange.requestBody(payload.slice());
    else if (kind === FRAME.requestEnd) exchange.requestEnd();
    else if (kind === FRAME.responseCredit) exchange.credit(numberPayload(payload));
    else if (kind === FRAME.cancel) exchange.cancel();
  });
  // One buffer for every read: a new one each time (as `conn.readable` allocates) keeps the garbage collector busy.
  const buffer = new Uint8Array(READ_BYTES);
  try {
    for (;;) {
      const read = await conn.read(buffer);
      if (read === null) break;
      decoder.push(buffer.subarray(0, read));
    }
  } catch {
    // The connection broke: the backend is gone.
  }
  for (const exchange of [...exchanges.values()]) exchange.cancel();
}
