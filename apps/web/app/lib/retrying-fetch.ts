// A fetch for the Supabase clients that retries network failures and gateway errors, only for requests safe to repeat.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export type RetryOptions = {
  retries?: number;
  baseDelayMs?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function methodOf(input: RequestInfo | URL, init?: RequestInit): string {
  if (init?.method) return init.method.toUpperCase();
  if (typeof Request !== 'undefined' && input instanceof Request) return input.method.toUpperCase();
  return 'GET';
}

/**
 * Wraps fetch. A GET, HEAD or OPTIONS that fails on the network or answers 502, 503 or 504 is sent again, up to
 * `retries` times, waiting baseDelayMs, then twice as long each time. Writes are never repeated: a POST that timed out
 * may still have been applied, and sending it again could write twice.
 */
export function createRetryingFetch(options: RetryOptions = {}): typeof fetch {
  const { retries = 3, baseDelayMs = 200, sleep = wait } = options;
  return async (input, init) => {
    const fetchImpl = options.fetchImpl ?? globalThis.fetch;
    if (!SAFE_METHODS.has(methodOf(input, init))) return fetchImpl(input, init);
    for (let attempt = 0; ; attempt++) {
      const isLastAttempt = attempt >= retries;
      try {
        const response = await fetchImpl(input, init);
        if (isLastAttempt || !RETRYABLE_STATUSES.has(response.status)) return response;
      } catch (error) {
        // An aborted request was cancelled on purpose; only network failures are worth another try.
        if (isLastAttempt || init?.signal?.aborted || (error as Error)?.name === 'AbortError') throw error;
      }
      await sleep(baseDelayMs * 2 ** attempt);
    }
  };
}
