// WebSocket servers in functions (Deno.upgradeWebSocket), as Supabase's edge functions host them: the upgrade is
// checked like any call (unknown function, missing token), refused with the function's own answer when it refuses,
// and once accepted carries text, binary and close codes both ways, with the protocol the function chose.
import { once } from 'node:events';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFunctionsBackend, type FunctionsBackend } from './backend.ts';

let fb: FunctionsBackend;
beforeAll(async () => {
  fb = await startFunctionsBackend();
});
afterAll(() => fb.stop());

const socketUrl = (path: string) => `${fb.url.replace(/^http/, 'ws')}/functions/v1/${path}`;
const bearer = () => ({ Authorization: `Bearer ${fb.backend.deps.keys.anonKey}` });

/** Opens a socket and collects its messages from the start (the function speaks first). */
async function open(path: string, protocols: string[] = []) {
  const socket = new WebSocket(socketUrl(path), protocols, { headers: bearer() });
  const messages: WebSocket.RawData[] = [];
  socket.on('message', (data) => messages.push(data));
  await once(socket, 'open');
  const next = async () => {
    await expect.poll(() => messages.length).toBeGreaterThan(0);
    return messages.shift()!;
  };
  return { socket, next };
}

/** The answer to an upgrade that is refused: status, headers and body. */
async function refusal(path: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(socketUrl(path), { headers });
  const [request, response] = (await once(socket, 'unexpected-response')) as [ClientRequest, IncomingMessage];
  let body = '';
  for await (const chunk of response) body += chunk;
  request.destroy();
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(body) };
}

describe('a WebSocket to a function', () => {
  it('reaches the function with its path, query, token and chosen protocol, and echoes text and binary', async () => {
    // Sent as "other,chat": the function reads the list as Deno does, split at ", ".
    const { socket, next } = await open('socket/room?topic=a', ['other', 'chat']);
    expect(socket.protocol).toBe('chat');
    expect(JSON.parse(String(await next()))).toEqual({
      path: '/socket/room',
      search: '?topic=a',
      authorization: bearer().Authorization,
    });
    socket.send('hello');
    expect(String(await next())).toBe('hello');
    const bytes = Buffer.from([0, 1, 2, 253, 254, 255]);
    socket.send(bytes);
    expect(Buffer.from((await next()) as Buffer)).toEqual(bytes);
    socket.close();
  });

  it('passes a close code from the function to the caller, and from the caller to the function', async () => {
    const first = await open('socket');
    await first.next();
    first.socket.send('close:4001');
    const [code, reason] = await once(first.socket, 'close');
    expect([code, String(reason)]).toEqual([4001, 'asked to']);

    const second = await open('socket');
    await second.next();
    second.socket.close(4002, 'done');
    await expect
      .poll(() => fb.logs().some((line) => line.includes('socket: closed by the caller with 4002')))
      .toBe(true);
  });

  it('is refused as a call is when the token is missing or the function does not exist', async () => {
    const missing = await refusal('socket');
    expect(missing.status).toBe(401);
    expect(missing.headers['x-relay-error']).toBe('true');
    expect(missing.body).toEqual({ code: 401, message: 'Missing authorization header' });

    const unknown = await refusal('no-such-function', bearer());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });

  it('answers 500 when the process ends before accepting, and the next caller reaches a new one', async () => {
    const died = await refusal('socket?die', bearer());
    expect(died.status).toBe(500);
    expect(died.headers['sb-error-code']).toBe('WORKER_ERROR');
    await expect.poll(() => fb.logs().some((line) => line.includes("the function's process ended"))).toBe(true);
    const { next, socket } = await open('socket');
    expect(JSON.parse(String(await next()))).toMatchObject({ path: '/socket' });
    socket.close();
  });

  it("gets the function's own answer when the function refuses the upgrade", async () => {
    const refused = await refusal('socket?refuse', bearer());
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toBe('application/json');
    expect(refused.body).toEqual({ error: 'Auth token not provided' });
  });
});
