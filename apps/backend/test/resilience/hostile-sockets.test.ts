// Hostile clients at the socket, against every service: 100 KB headers, forged and expired tokens, NUL bytes in
// paths, garbage instead of HTTP, lengths that lie, and clients that trickle their headers or bodies. Each gets a
// clear 4xx or is cut off in bounded time; nothing is a 5xx or leaks; the backend answers others meanwhile and after.
import net from 'node:net';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunctionsBackend, type FunctionsBackend } from '../functions/backend.ts';

const REQUEST_TIMEOUT_MS = 2000;
const SERVICES = [
  '/auth/v1/user',
  '/rest/v1/projects',
  '/functions/v1/hello',
  '/storage/v1/bucket',
  '/realtime/v1/api/broadcast',
];
const LEAK = /\bat .*\.(ts|js):\d+|node_modules|SELECT |BEGIN|secret/i;

let b: FunctionsBackend;
let port: number;
beforeAll(async () => {
  b = await startFunctionsBackend({ BACKEND_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
  port = Number(new URL(b.url).port);
}, 120_000);
afterAll(() => b?.stop());

/** Whether the backend still answers its health check, and quickly. */
async function alive(): Promise<boolean> {
  const response = await fetch(`${b.url}/auth/v1/health`, { signal: AbortSignal.timeout(2000) });
  return response.status === 200;
}

/** Sends raw bytes and collects what comes back until the server closes the connection (or `waitMs` passes). */
function raw(bytes: string | Buffer, waitMs = 5000): Promise<{ text: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: undefined });
    }, waitMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);

describe('hostile requests to every service', () => {
  it('refuses a 100 KB header with 431 on every service', async () => {
    for (const path of SERVICES) {
      const response = await fetch(`${b.url}${path}`, {
        headers: { apikey: b.backend.deps.keys.anonKey, 'x-padding': 'a'.repeat(100 * 1024) },
      });
      expect([path, response.status]).toEqual([path, 431]);
    }
    expect(await alive()).toBe(true);
  });

  it('refuses forged, unsigned, expired and foreign tokens with a 4xx and no leak, on every service', async () => {
    const { keys } = b.backend.deps;
    const foreign = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-project-secret-but-long-enough'));
    const [header, , signature] = (await keys.sign({ role: 'authenticated', sub: 'x' }, 60)).split('.');
    const tampered = `${header}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.${signature}`;
    const tokens = [
      foreign,
      tampered,
      new UnsecuredJWT({ role: 'service_role' }).encode(),
      await keys.sign({ role: 'authenticated', sub: 'x' }, -60),
      'a.b.c',
      'sb_secret_not-a-real-key',
      `${'x'.repeat(8000)}`,
      'bearer\u0000null',
    ];
    let answered = 0;
    for (const path of SERVICES) {
      for (const token of tokens) {
        const tries: Array<Record<string, string>> = [{ authorization: `Bearer ${token}` }, { apikey: token }];
        for (const headers of tries) {
          let response: Response;
          try {
            response = await fetch(`${b.url}${path}`, { headers });
          } catch {
            continue; // A header fetch itself refuses to send (a NUL byte): nothing reached the server.
          }
          const body = await response.text();
          expect([path, token.slice(0, 20), response.status < 500]).toEqual([path, token.slice(0, 20), true]);
          // Public functions are served without a token; every other answer here is a refusal.
          if (path !== '/functions/v1/hello') expect(response.status).toBeGreaterThanOrEqual(400);
          expect(body).not.toMatch(LEAK);
          answered++;
        }
      }
    }
    expect(answered).toBeGreaterThan(SERVICES.length * tokens.length);
    expect(await alive()).toBe(true);
  });

  it('answers garbage, NUL bytes and lying lengths with a 4xx or a closed connection, never a 5xx', async () => {
    const attempts = [
      'GARBAGE\r\n\r\n',
      Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]),
      `GET /rest/v1/projects?id=eq.\u0000 HTTP/1.1\r\nHost: x\r\n\r\n`,
      `GET /auth/v1/health\u0000 HTTP/1.1\r\nHost: x\r\n\r\n`,
      // Says 10 bytes, sends a whole second request after them.
      `POST /rest/v1/projects HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\nContent-Type: application/json\r\n\r\n{"name":"a"}GET / HTTP/1.1\r\n\r\n`,
      `POST /auth/v1/token?grant_type=password HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 50\r\n\r\n{}`,
      `POST /rest/v1/projects HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\nzz\r\n`,
    ];
    for (const attempt of attempts) {
      const { text } = await raw(attempt, 3000);
      const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => Number(match[1]));
      expect(statuses.every((status) => status < 500)).toBe(true);
      expect(text).not.toMatch(LEAK);
    }
    // Says 100 bytes, sends 10 and stops: cut off once the request time is up.
    const short = await raw(
      `POST /rest/v1/projects HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"`,
      REQUEST_TIMEOUT_MS * 4,
    );
    expect(short.closedAfterMs).toBeDefined();
    expect(statusOf(short.text) === 0 || statusOf(short.text) < 500).toBe(true);
    expect(await alive()).toBe(true);
  });

  it('cuts off clients that trickle headers or bodies, and serves others meanwhile', async () => {
    const trickle = (head: string, drip: string) =>
      new Promise<number>((resolve) => {
        const started = Date.now();
        const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
        const timer = setInterval(() => socket.writable && socket.write(drip), 200);
        socket.on('error', () => {});
        socket.on('data', () => {});
        socket.on('close', () => {
          clearInterval(timer);
          resolve(Date.now() - started);
        });
      });
    const slowBodies = Array.from({ length: 20 }, () =>
      trickle(
        'POST /rest/v1/projects HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
        ' ',
      ),
    );
    const slowHeaders = Array.from({ length: 20 }, () => trickle('GET /auth/v1/health HTTP/1.1\r\n', 'X-A: b\r\n'));

    // Meanwhile everyone else is served as usual.
    for (let i = 0; i < 10; i++) {
      const started = Date.now();
      expect(await alive()).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    }
    const closedAfter = await Promise.all([...slowBodies, ...slowHeaders]);
    // The server checks its connections every quarter of the request time.
    expect(Math.max(...closedAfter)).toBeLessThan(REQUEST_TIMEOUT_MS * 2.5);
    expect(await alive()).toBe(true);
  }, 30_000);
});
