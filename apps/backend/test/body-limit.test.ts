// The request body size limit (BACKEND_MAX_BODY_BYTES): counted while the body streams in, so an endless body is
// refused once it passes the limit, with nothing beyond it read; answered 413 in each service's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './harness.ts';

const LIMIT = 64 * 1024;
const CHUNK = 16 * 1024;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ env: { BACKEND_MAX_BODY_BYTES: String(LIMIT) } });
});
afterAll(() => h.close());

/** A body that never ends, counting what the server pulled from it. */
function endlessBody(): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const chunk = new TextEncoder().encode(' '.repeat(CHUNK));
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

const post = (pathname: string, body: BodyInit, headers: Record<string, string> = {}) =>
  h.request(pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);

describe('the request body limit', () => {
  it('refuses an endless data API body once it passes the limit, in PostgREST shape', async () => {
    const { stream, pulled } = endlessBody();
    const response = await post('/rest/v1/projects', stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PGRST102', message: 'Payload Too Large' });
    // Read up to the limit and one chunk more: never the whole body.
    expect(pulled()).toBeLessThanOrEqual(LIMIT + 2 * CHUNK);
    const within = await post('/rest/v1/projects', JSON.stringify({ name: 'x'.repeat(LIMIT / 2) }));
    expect(within.status).not.toBe(413);
  });

  it('refuses an auth body announced larger than the limit at once, in GoTrue shape', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(LIMIT) });
    const response = await post('/auth/v1/signup', body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 413, error_code: 'request_too_large' });
    const versioned = await post('/auth/v1/signup', body, { 'x-supabase-api-version': '2024-01-01' });
    expect(await versioned.json()).toMatchObject({ code: 'request_too_large' });
  });
});
