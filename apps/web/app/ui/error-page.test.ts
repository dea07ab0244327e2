import { data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { describeError, errorMeta } from './error-page';

// What a thrown data(...) becomes by the time it reaches an error boundary.
async function routeError(status: number, statusText = '') {
  const { UNSAFE_ErrorResponseImpl: ErrorResponse } = await import('react-router');
  return new ErrorResponse(status, statusText, null);
}

describe('describeError', () => {
  it('names a 404 Page Not Found', async () => {
    expect(describeError(await routeError(404, 'Not Found'))).toEqual({ status: 404, title: 'Page Not Found' });
    expect(errorMeta(await routeError(404))).toEqual([{ title: 'Page Not Found' }]);
  });

  it('names thrown errors and 5xx responses Internal Server Error', async () => {
    expect(describeError(new Error('boom'))).toEqual({ status: 500, title: 'Internal Server Error' });
    expect(describeError(await routeError(503))).toEqual({ status: 500, title: 'Internal Server Error' });
    expect(errorMeta('anything')).toEqual([{ title: 'Internal Server Error' }]);
  });

  it('keeps the status text of other client errors', async () => {
    expect(describeError(await routeError(405, 'Method Not Allowed'))).toEqual({
      status: 405,
      title: 'Method Not Allowed',
    });
  });

  it('is not fooled by a plain data() value', () => {
    expect(describeError(data(null, 404)).title).toBe('Internal Server Error');
  });
});
