// WebSocket connections to a function (`Deno.upgradeWebSocket`, as Supabase's edge functions accept them). An upgrade
// is checked as a request is (the function found, the caller's token verified when the function verifies JWTs), then
// made again to the function's process, whose own HTTP server takes it (see bootstrap.js). The caller's upgrade is
// completed only once the function has accepted, with the protocol it chose, and the two sockets then pass each
// other's messages and close. An upgrade the function refuses gets the function's own answer.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer } from 'ws';
import type { Deps } from '../deps.ts';
import { writeRawResponse } from '../http/raw-response.ts';
import { FUNCTION_ERRORS, renderError, type FunctionErrorName } from './errors.ts';
import { isHopByHop, functionRequestHeaders } from './relay-headers.ts';
import { FUNCTIONS_PREFIX } from './routes.ts';
import type { FunctionsRuntime } from './runtime.ts';
import { refusalFor } from './verify.ts';
import { upgradeSocketPath } from './deno/sockets.ts';
import { BootError } from './worker.ts';

/** Whether an upgrade asks for a function: its path is under `/functions/v1/`. */
export function isFunctionUpgrade(request: IncomingMessage): boolean {
  return new URL(request.url ?? '/', 'http://localhost').pathname.startsWith(`${FUNCTIONS_PREFIX}/`);
}
/** A function's refusal is passed on whole up to this size; a larger one is cut off with the connection. */
const MAX_REFUSAL_BYTES = 1024 * 1024;
/** Close codes that mark how a connection ended and may not be sent in a close frame (RFC 6455 7.4.1). */
const UNSENDABLE_CLOSE_CODES = new Set([1005, 1006, 1015]);

function refuse(socket: Duplex, name: FunctionErrorName): void {
  const { status, headers, body } = renderError(FUNCTION_ERRORS[name]);
  const pairs = Object.entries(headers).filter(([header]) => header !== 'content-length');
  writeRawResponse(socket, status, pairs, body);
}

/** A WebSocket handshake that the WebSocket server would take; anything else is answered 400 before a function runs. */
function isWebSocketHandshake(request: IncomingMessage): boolean {
  const { upgrade, 'sec-websocket-key': key, 'sec-websocket-version': version } = request.headers;
  return (
    request.method === 'GET' &&
    upgrade?.toLowerCase() === 'websocket' &&
    /^[+/0-9A-Za-z]{21}[AQgw]==$/.test(key ?? '') &&
    version === '13'
  );
}

/** The caller's headers for the function's upgrade, but those of this hop and this handshake. */
function upstreamHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of functionRequestHeaders(request.rawHeaders, 'GET')) {
    if (!name.startsWith('sec-websocket-') && name !== 'connection') headers[name] = value;
  }
  return headers;
}

/** Passes each socket's messages and close to the other; `done` once both are closed. */
function bridge(caller: WebSocket, fn: WebSocket, done: () => void): void {
  const pass = (to: WebSocket) => (data: WebSocket.RawData, isBinary: boolean) => {
    if (to.readyState === WebSocket.OPEN) to.send(data, { binary: isBinary });
  };
  const closeOther = (other: WebSocket) => (code: number, reason: Buffer) => {
    if (other.readyState !== WebSocket.OPEN) return;
    if (code === 1006) other.terminate();
    else if (UNSENDABLE_CLOSE_CODES.has(code)) other.close();
    else other.close(code, reason);
  };
  caller.on('message', pass(fn));
  fn.on('message', pass(caller));
  caller.on('close', closeOther(fn));
  fn.on('close', closeOther(caller));
  caller.on('error', () => fn.terminate());
  fn.on('error', () => caller.terminate());
  let open = 2;
  const closed = () => --open === 0 && done();
  caller.once('close', closed);
  fn.once('close', closed);
}

/** The function's answer to an upgrade it did not accept, passed on to the caller. */
function passRefusal(socket: Duplex, response: IncomingMessage): void {
  const chunks: Buffer[] = [];
  let size = 0;
  response.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REFUSAL_BYTES) return void response.destroy();
    chunks.push(chunk);
  });
  response.on('error', () => socket.destroy());
  response.on('end', () => {
    const headers: Array<[string, string]> = [];
    for (let i = 0; i < response.rawHeaders.length; i += 2) {
      const name = response.rawHeaders[i].toLowerCase();
      // The length is written anew, for the body as passed on.
      if (name !== 'content-length' && !isHopByHop(name)) {
        headers.push([response.rawHeaders[i], response.rawHeaders[i + 1]]);
      }
    }
    writeRawResponse(socket, response.statusCode ?? 502, headers, Buffer.concat(chunks));
  });
}

export class FunctionUpgrades {
  /** The protocol the function chose for each caller's handshake, which the caller's upgrade then confirms. */
  private readonly chosen = new WeakMap<IncomingMessage, string>();
  private readonly server = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    handleProtocols: (_offered, request) => this.chosen.get(request) || false,
  });

  constructor(private readonly deps: Deps & { functions: FunctionsRuntime }) {}

  /** An upgrade to a function, passed on by the server (see server.ts). */
  take(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.upgrade(request, socket, head).catch((error: unknown) => {
      console.error('A WebSocket upgrade to a function failed:', error);
      socket.destroy();
    });
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://localhost');
    const path = url.pathname.slice(FUNCTIONS_PREFIX.length);
    const { functions, keys } = this.deps;
    const definition = functions.find(path.split('/')[1] ?? '');
    if (!definition) return refuse(socket, 'notFound');
    if (definition.verifyJwt) {
      const { authorization, apikey } = request.headers;
      const refusal = await refusalFor(keys, authorization, typeof apikey === 'string' ? apikey : undefined);
      if (refusal) return refuse(socket, refusal);
    }
    if (!isWebSocketHandshake(request)) {
      return writeRawResponse(socket, 400, [['Content-Type', 'text/plain']], 'Not a WebSocket handshake');
    }
    let worker;
    try {
      worker = await functions.acquire(definition);
    } catch (error) {
      if (error instanceof BootError) return refuse(socket, 'bootError');
      throw error;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      functions.release(worker);
    };
    const offered = (request.headers['sec-websocket-protocol'] ?? '')
      .split(',')
      .map((protocol) => protocol.trim())
      .filter(Boolean);
    const fn = new WebSocket(`ws+unix://${upgradeSocketPath(worker.socketPath)}:${path}${url.search}`, offered, {
      headers: upstreamHeaders(request),
      perMessageDeflate: false,
      // Deno reads the list split at ", ", as browsers write it; the client here would join it with a bare comma,
      // which is as valid but which Deno would read as one protocol.
      finishRequest: (upgradeRequest) => {
        if (offered.length > 0) upgradeRequest.setHeader('Sec-WebSocket-Protocol', offered.join(', '));
        upgradeRequest.end();
      },
    });
    // The caller gave up before the function answered.
    const callerGone = () => fn.terminate();
    socket.once('close', callerGone);
    fn.once('unexpected-response', (upgradeRequest, response) => {
      passRefusal(socket, response);
      response.once('close', () => {
        upgradeRequest.destroy();
        release();
      });
    });
    let opened = false;
    // Before the function accepted: its process ended or its socket refused; the caller, not yet upgraded, is told.
    fn.once('error', () => {
      if (!opened && socket.writable) refuse(socket, 'workerError');
      release();
    });
    fn.once('open', () => {
      opened = true;
      socket.off('close', callerGone);
      if (!socket.writable) {
        fn.terminate();
        return release();
      }
      if (fn.protocol) this.chosen.set(request, fn.protocol);
      this.server.handleUpgrade(request, socket, head, (caller) => bridge(caller, fn, release));
    });
  }
}
