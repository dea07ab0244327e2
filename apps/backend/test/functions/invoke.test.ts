// supabase-js `functions.invoke` against a listening backend: the function gets the method, path, query, headers and
// body as sent, and its answer (JSON, text, binary, a stream of events) comes back as supabase-js expects it.
import http from 'node:http';
import { FunctionRegion, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChunks, startFunctionsBackend, type FunctionsBackend } from './backend.ts';

let fb: FunctionsBackend;
beforeAll(async () => {
  fb = await startFunctionsBackend();
});
afterAll(() => fb.stop());

interface Echo {
  method: string;
  url: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string | null;
}

describe('the request as the function sees it', () => {
  it('is a POST with the JSON body by default', async () => {
    const { data, error } = await fb.anon.functions.invoke<Echo>('echo', { body: { name: 'Ada', n: 1 } });
    expect(error).toBeNull();
    expect(data!.method).toBe('POST');
    expect(data!.headers['content-type']).toBe('application/json');
    expect(Buffer.from(data!.body!, 'base64').toString()).toBe('{"name":"Ada","n":1}');
  });

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'] as const)('keeps the method %s', async (method) => {
    const { data } = await fb.anon.functions.invoke<Echo>('echo', { method });
    expect(data!.method).toBe(method);
  });

  it('starts at /<name>, with the sub-path and the query string', async () => {
    const { data } = await fb.anon.functions.invoke<Echo>('echo/users/42?sort=name&tag=a%20b', { method: 'GET' });
    expect(data!.path).toBe('/echo/users/42');
    expect(data!.query).toEqual({ sort: 'name', tag: 'a b' });
    expect(new URL(data!.url).host).toBe(new URL(fb.url).host);
  });

  it('has the caller headers: authorization, apikey, x-region and custom ones', async () => {
    const { data } = await fb.anon.functions.invoke<Echo>('echo', {
      headers: { 'x-custom': 'custom value' },
      region: FunctionRegion.EuWest1,
    });
    const anonKey = fb.backend.deps.keys.anonKey;
    expect(data!.headers).toMatchObject({
      authorization: `Bearer ${anonKey}`,
      apikey: anonKey,
      'x-region': 'eu-west-1',
      'x-custom': 'custom value',
    });
    expect(data!.query.forceFunctionRegion).toBe('eu-west-1');
    // The runtime's own bookkeeping never shows.
    expect(Object.keys(data!.headers).filter((name) => name.startsWith('x-functions-internal'))).toEqual([]);
  });

  it('gets a text body as text/plain', async () => {
    const { data } = await fb.anon.functions.invoke<Echo>('echo', { body: 'plain words' });
    expect(data!.headers['content-type']).toBe('text/plain');
    expect(Buffer.from(data!.body!, 'base64').toString()).toBe('plain words');
  });

  it('gets binary bodies byte for byte, and answers binary', async () => {
    const bytes = Uint8Array.from({ length: 256 * 4 }, (_, i) => i % 256);
    const { data } = await fb.anon.functions.invoke<Echo>('echo', { body: bytes.buffer });
    expect(data!.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.from(data!.body!, 'base64')).toEqual(Buffer.from(bytes));

    const back = await fb.anon.functions.invoke<Blob>('echo/bytes', { body: new Blob([bytes]) });
    expect(back.data).toBeInstanceOf(Blob);
    expect(new Uint8Array(await back.data!.arrayBuffer())).toEqual(bytes);
  });

  it("takes a body over the data API's size limit, within the functions' own", async () => {
    const bytes = new Uint8Array(2 * 1024 * 1024).fill(42);
    expect(bytes.length).toBeGreaterThan(fb.backend.deps.config.limits.maxBodyBytes);
    const back = await fb.anon.functions.invoke<Blob>('echo/bytes', { body: bytes.buffer });
    expect(back.error).toBeNull();
    expect((await back.data!.arrayBuffer()).byteLength).toBe(bytes.length);
  });

  it('gets form data with its files', async () => {
    const form = new FormData();
    form.append('title', 'Quarterly plan');
    form.append('file', new File([new Uint8Array(1000).fill(7)], 'plan.bin', { type: 'application/x-plan' }));
    const { data, error } = await fb.anon.functions.invoke('echo/form', { body: form });
    expect(error).toBeNull();
    expect(data).toEqual({
      title: 'Quarterly plan',
      file: { name: 'plan.bin', type: 'application/x-plan', size: 1000 },
    });
  });
});

describe('the answer as the caller gets it', () => {
  it("reports the function's own error status as an HTTP error, with its body and headers", async () => {
    const { data, error } = await fb.anon.functions.invoke('echo/status');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = error.context as Response;
    expect(response.status).toBe(418);
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(response.headers.get('x-relay-error')).toBeNull();
    expect(await response.text()).toBe('teapot');
  });

  it("answers HEAD with the function's status and headers, and no body", async () => {
    const response = await fetch(`${fb.url}/functions/v1/echo/status`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${fb.backend.deps.keys.anonKey}` },
    });
    expect(response.status).toBe(418);
    expect(response.headers.get('x-custom')).toBe('yes');
    expect(await response.text()).toBe('');
  });

  it('streams server-sent events as the function sends them', async () => {
    const { data, error } = await fb.anon.functions.invoke<Response>('stream?count=4', { method: 'GET' });
    expect(error).toBeNull();
    expect(data!.headers.get('content-type')).toBe('text/event-stream');
    const chunks = await readChunks(data!.body!);
    const events = chunks.flatMap((chunk) => chunk.text.split('\n\n').filter(Boolean));
    expect(events.map((event) => JSON.parse(event.slice('data: '.length)).n)).toEqual([1, 2, 3, 4]);
    // Sent 100 ms apart, and received so: nothing was held back until the end.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.at(-1)!.at - chunks[0].at).toBeGreaterThanOrEqual(200);
  });

  it('streams the request body in while the answer streams out', async () => {
    let send!: (chunk: string | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (chunk) => (chunk === null ? controller.close() : controller.enqueue(new TextEncoder().encode(chunk)));
      },
    });
    send('first;');
    const response = await fetch(`${fb.url}/functions/v1/stream/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fb.backend.deps.keys.anonKey}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    // The first piece comes back while the request is still open: both directions stream.
    expect(decoder.decode((await reader.read()).value)).toBe('first;');
    send('second;');
    expect(decoder.decode((await reader.read()).value)).toBe('second;');
    send(null);
    expect((await reader.read()).done).toBe(true);
  });

  it('has the headers as the function set them, the length of a body given whole, and the date', async () => {
    const raw = (path: string) =>
      new Promise<string[]>((resolve, reject) => {
        const request = http.get(`${fb.url}/functions/v1/${path}`, {
          headers: { authorization: `Bearer ${fb.backend.deps.keys.anonKey}` },
        });
        request.on('response', (response) => {
          response.resume();
          resolve(response.rawHeaders);
        });
        request.on('error', reject);
      });
    // In order, repeated names apart, names as first written, then the length and the date, as Deno.serve writes them.
    const own = await raw('echo/headers');
    expect(own.slice(0, 14)).toEqual([
      'X-Repeated',
      'one',
      'x-single',
      'two',
      'X-Repeated',
      'three',
      'Set-Cookie',
      'a=1',
      'Set-Cookie',
      'b=2',
      'Content-Type',
      'text/plain;charset=UTF-8',
      'content-length',
      '12',
    ]);
    expect(own[14]).toBe('date');
    // A JSON answer: its type in lower case, as Deno.serve's fast path writes it.
    const json = await raw('echo');
    expect(json.slice(0, 4)).toEqual(['content-type', 'application/json', 'content-length', expect.any(String)]);
    // A streamed answer has no length: it is sent chunked.
    const streamed = await raw('stream?count=1');
    expect(streamed).not.toContain('content-length');
    expect(streamed).toEqual(expect.arrayContaining(['Transfer-Encoding', 'chunked']));
  });

  it('streams an answer far larger than what crosses at once, and a large request body back as it arrives', async () => {
    const headers = { authorization: `Bearer ${fb.backend.deps.keys.anonKey}` };
    const large = await fetch(`${fb.url}/functions/v1/stream/large?count=80`, { headers });
    const bytes = new Uint8Array(await large.arrayBuffer());
    expect(bytes.length).toBe(80 * 64 * 1024);
    expect([bytes[0], bytes[64 * 1024], bytes.at(-1)]).toEqual([0, 1, 79]);

    const sent = Uint8Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 31) % 256);
    const echoed = await fetch(`${fb.url}/functions/v1/stream/echo`, { method: 'POST', headers, body: sent });
    expect(Buffer.compare(new Uint8Array(await echoed.arrayBuffer()), sent)).toBe(0);
  });

  it('serves a module that exports { fetch } instead of calling Deno.serve', async () => {
    const { data } = await fb.anon.functions.invoke('served-by-default-export/x', { method: 'GET' });
    expect(data).toBe('default export at /served-by-default-export/x');
  });

  it("serves a function from config.toml's entrypoint", async () => {
    const { data } = await fb.anon.functions.invoke<Echo>('elsewhere', { method: 'GET' });
    expect(data!.path).toBe('/elsewhere');
  });

  it('resolves npm: imports from the project node_modules', async () => {
    const { data } = await fb.anon.functions.invoke('hello', { body: { name: 'Grace' } });
    expect(data).toEqual({ message: 'Hello Grace!' });
  });
});

describe('many callers at once', () => {
  it('get each their own answer', async () => {
    const calls = Array.from({ length: 40 }, (_, i) =>
      fb.anon.functions.invoke<Echo>(`echo/call-${i}?n=${i}`, { body: `body of call ${i}` }),
    );
    const answers = await Promise.all(calls);
    answers.forEach(({ data, error }, i) => {
      expect(error).toBeNull();
      expect(data!.path).toBe(`/echo/call-${i}`);
      expect(data!.query).toEqual({ n: String(i) });
      expect(Buffer.from(data!.body!, 'base64').toString()).toBe(`body of call ${i}`);
    });
  });
});

describe('a caller that leaves a stream half-way', () => {
  it("stops the function's stream, and the next call is not held up", async () => {
    const controller = new AbortController();
    const response = await fetch(`${fb.url}/functions/v1/stream?count=100`, {
      headers: { authorization: `Bearer ${fb.backend.deps.keys.anonKey}` },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^data: \{"n":1,/);
    controller.abort();
    // The stream would go on for ten seconds: the function hears at once that its caller left.
    await expect.poll(() => fb.logs().some((line) => line.endsWith('stream: the caller went away'))).toBe(true);
    const { data } = await fb.anon.functions.invoke('stream?count=1', { method: 'GET' });
    expect(await (data as Response).text()).toMatch(/^data: \{"n":1,/);
  });
});

describe('functions that do not exist', () => {
  it.each(['nope', 'disabled'])('answers 404 for %s as the relay does', async (name) => {
    const { error } = await fb.anon.functions.invoke(name);
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const response = error.context as Response;
    expect(response.status).toBe(404);
    expect(response.headers.get('sb-error-code')).toBe('NOT_FOUND');
    expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
  });
});

describe('logs', () => {
  it("puts a function's console output in the backend's log with its name and the request id", async () => {
    await fb.anon.functions.invoke('echo/logged', { method: 'PATCH' });
    // The log comes through the process's output, which may arrive after the answer.
    await expect.poll(() => fb.logs().some((entry) => entry.includes('echo PATCH /echo/logged'))).toBe(true);
    const line = fb.logs().find((entry) => entry.includes('echo PATCH /echo/logged'));
    expect(line).toMatch(/^\[functions:echo\] \[[0-9a-f-]{36}\] echo PATCH \/echo\/logged$/);
  });
});
