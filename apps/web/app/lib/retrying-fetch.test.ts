import { describe, expect, it, vi } from 'vitest';
import { createRetryingFetch } from './retrying-fetch';

const noSleep = () => Promise.resolve();
const respond = (status: number) => new Response(null, { status });

function setup(outcomes: Array<number | Error>) {
  const fetchImpl = vi.fn(async () => {
    const next = outcomes.shift();
    if (next instanceof Error) throw next;
    return respond(next ?? 200);
  });
  const sleep = vi.fn(noSleep);
  return { fetchImpl, sleep, retryingFetch: createRetryingFetch({ fetchImpl: fetchImpl as typeof fetch, sleep }) };
}

describe('createRetryingFetch', () => {
  it('retries a GET after a network failure', async () => {
    const { fetchImpl, retryingFetch } = setup([new TypeError('fetch failed'), 200]);
    const response = await retryingFetch('http://backend/rest/v1/projects');
    expect(response.status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it.each([502, 503, 504])('retries a GET answered with %i', async (status) => {
    const { fetchImpl, retryingFetch } = setup([status, 200]);
    expect((await retryingFetch('http://backend/x')).status).toBe(200);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up after 3 retries and returns the last answer', async () => {
    const { fetchImpl, retryingFetch } = setup([503, 503, 503, 503, 200]);
    expect((await retryingFetch('http://backend/x')).status).toBe(503);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });

  it('throws the network error after 3 retries', async () => {
    const failure = new TypeError('fetch failed');
    const { fetchImpl, retryingFetch } = setup([failure, failure, failure, failure]);
    await expect(retryingFetch('http://backend/x')).rejects.toBe(failure);
    expect(fetchImpl).toHaveBeenCalledTimes(4);
  });

  it('waits longer before each retry', async () => {
    const { sleep, retryingFetch } = setup([502, 502, 502, 200]);
    await retryingFetch('http://backend/x');
    expect(sleep.mock.calls.map((call) => (call as unknown[])[0])).toEqual([200, 400, 800]);
  });

  it.each(['POST', 'PATCH', 'DELETE', 'PUT'])('never repeats a %s', async (method) => {
    const { fetchImpl, retryingFetch } = setup([503, 200]);
    expect((await retryingFetch('http://backend/x', { method })).status).toBe(503);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('never repeats a POST that failed on the network', async () => {
    const { fetchImpl, retryingFetch } = setup([new TypeError('fetch failed'), 200]);
    await expect(retryingFetch('http://backend/x', { method: 'POST' })).rejects.toThrow('fetch failed');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('reads the method of a Request object', async () => {
    const { fetchImpl, retryingFetch } = setup([503, 200]);
    await retryingFetch(new Request('http://backend/x', { method: 'POST', body: '{}' }));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('does not retry other errors such as 500 or 404', async () => {
    const { fetchImpl, retryingFetch } = setup([500, 404]);
    expect((await retryingFetch('http://backend/x')).status).toBe(500);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('does not retry an aborted request', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const { fetchImpl, retryingFetch } = setup([abort, 200]);
    await expect(retryingFetch('http://backend/x', { signal: controller.signal })).rejects.toBe(abort);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
