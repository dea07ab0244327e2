// What crosses the relay: hop-by-hop and internal headers stay behind; the gateway's CORS headers are added only
// where the function set none; a function's process gets read access to its own folder and no more.
import { describe, expect, it } from 'vitest';
import { withCors } from './downstream.ts';
import { relayedHeaders } from './relay.ts';
import { denoArguments } from './worker.ts';

describe('relayedHeaders', () => {
  it('keeps the message headers as sent, and drops connection and internal ones', () => {
    const raw = [
      'Host',
      'h',
      'Connection',
      'keep-alive',
      'X-Custom',
      'A',
      'x-custom',
      'B',
      'Transfer-Encoding',
      'chunked',
    ];
    raw.push('x-functions-internal-request-id', 'forged', 'Authorization', 'Bearer t');
    expect(relayedHeaders(raw)).toEqual(['Host', 'h', 'X-Custom', 'A', 'x-custom', 'B', 'Authorization', 'Bearer t']);
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

  it('lets the function read its own folder only, write nothing but its socket, and use no remote module', () => {
    expect(args).toContain(
      '--allow-read=/project/supabase/functions/hello,/tmp/x/1.sock,/project/supabase/functions/hello/page.html',
    );
    expect(args).toContain('--allow-write=/tmp/x/1.sock');
    expect(args).toContain('--no-remote');
    expect(args).toContain('--node-modules-dir=manual');
    expect(args.filter((arg) => /^--allow-(run|ffi|sys|all)|^-A$/.test(arg))).toEqual([]);
  });

  it('limits the heap and runs the function after the bootstrap module', () => {
    expect(args).toContain('--v8-flags=--max-old-space-size=128');
    expect(args.slice(-3)).toEqual(['--preload', expect.stringMatching(/bootstrap\.js$/), definition.entrypoint]);
  });
});
