// What crosses the relay: hop-by-hop headers stay behind; the function sees the headers an HTTP hop
// showed it; the caller gets the answer's headers as Deno.serve wrote them; the gateway's CORS headers are added only
// where the function set none; a function's process gets read access to its own folder and no more.
import { describe, expect, it } from 'vitest';
import { withCors } from './downstream.ts';
import { answerHeaders, functionRequestHeaders } from './relay-headers.ts';
import { denoArguments } from './worker.ts';

describe('functionRequestHeaders', () => {
  it('gives the caller headers in lower case, cookies in one, with the headers of a kept-alive HTTP hop', () => {
    const raw = [
      'Host',
      'h',
      'Connection',
      'close',
      'Cookie',
      'a=1',
      'X-Custom',
      'A',
      'x-custom',
      'B',
      'cookie',
      'b=2',
    ];
    raw.push('Keep-Alive', 'timeout=5', 'Upgrade', 'websocket', 'Authorization', 'Bearer t');
    expect(functionRequestHeaders(raw, 'GET')).toEqual([
      ['host', 'h'],
      ['cookie', 'a=1; b=2'],
      ['x-custom', 'A'],
      ['x-custom', 'B'],
      ['authorization', 'Bearer t'],
      ['connection', 'keep-alive'],
    ]);
  });

  it('says a body of unknown length comes chunked, for the methods that send one so', () => {
    const chunked = ['transfer-encoding', 'chunked'];
    expect(functionRequestHeaders(['Transfer-Encoding', 'chunked'], 'POST')).toContainEqual(chunked);
    expect(functionRequestHeaders([], 'PATCH')).toContainEqual(chunked);
    expect(functionRequestHeaders(['Content-Length', '3'], 'POST')).not.toContainEqual(chunked);
    expect(functionRequestHeaders([], 'DELETE')).not.toContainEqual(chunked);
  });
});

describe('answerHeaders', () => {
  it("puts the length of a body given whole and the date after the function's own headers", () => {
    const headers = answerHeaders(200, ['X-A', '1', 'Connection', 'close', 'content-type', 'text/plain'], 5);
    expect(headers.slice(0, 6)).toEqual(['X-A', '1', 'content-type', 'text/plain', 'content-length', '5']);
    expect(headers[6]).toBe('date');
    expect(new Date(headers[7]).getTime()).toBeGreaterThan(0);
  });

  it("keeps the function's own date, and its own length only for a streaming body", () => {
    const own = ['Date', 'Mon, 01 Jan 2001 00:00:00 GMT', 'Content-Length', '3'];
    expect(answerHeaders(200, own, 3)).toEqual(['content-length', '3', 'date', 'Mon, 01 Jan 2001 00:00:00 GMT']);
    expect(answerHeaders(200, own, -1)).toEqual(['content-length', '3', 'date', 'Mon, 01 Jan 2001 00:00:00 GMT']);
    expect(answerHeaders(200, ['Date', 'd'], -1)).toEqual(['date', 'd']);
  });

  it('gives no length to a status without a body', () => {
    expect(answerHeaders(204, [], 0)).toEqual(['date', expect.any(String)]);
    expect(answerHeaders(304, [], 0)).toEqual(['date', expect.any(String)]);
  });
});

describe('withCors', () => {
  const cors = { 'access-control-allow-origin': 'http://app', vary: 'Origin' };
  it("adds the gateway's CORS headers where the function set none", () => {
    expect(withCors(['Content-Type', 'text/plain'], cors)).toEqual([
      'Content-Type',
      'text/plain',
      'access-control-allow-origin',
      'http://app',
      'vary',
      'Origin',
    ]);
  });
  it("keeps the function's own", () => {
    expect(withCors(['Access-Control-Allow-Origin', '*'], cors)).toEqual([
      'Access-Control-Allow-Origin',
      '*',
      'vary',
      'Origin',
    ]);
  });
});

describe('denoArguments', () => {
  const definition = {
    name: 'hello',
    entrypoint: '/project/supabase/functions/hello/index.ts',
    dir: '/project/supabase/functions/hello',
    verifyJwt: true,
    staticFiles: ['/project/supabase/functions/hello/page.html'],
  };
  const limits = { wallClockMs: 1000, cpuTimeMs: 1000, memoryMb: 128, maxBodyBytes: 1, idleMs: 1 };
  const args = denoArguments(definition, '/tmp/x/1.sock', limits);

  it('lets the function read its own folder only, write nothing but its sockets, and use no remote module', () => {
    expect(args).toContain(
      '--allow-read=/project/supabase/functions/hello,/tmp/x/1.sock,/tmp/x/1.sock.upgrade,/project/supabase/functions/hello/page.html',
    );
    expect(args).toContain('--allow-write=/tmp/x/1.sock,/tmp/x/1.sock.upgrade');
    expect(args).toContain('--no-remote');
    expect(args).toContain('--node-modules-dir=manual');
    expect(args.filter((arg) => /^--allow-(run|ffi|sys|all)|^-A$/.test(arg))).toEqual([]);
  });

  it('limits the heap and runs the function after the bootstrap module', () => {
    expect(args).toContain('--v8-flags=--max-old-space-size=128');
    expect(args.slice(-3)).toEqual(['--preload', expect.stringMatching(/bootstrap\.js$/), definition.entrypoint]);
  });
});
