// The request body size limit, counted as the body streams in: a body is never held in memory beyond the limit,
// and one that passes it (or announces a larger Content-Length) is answered 413 at once, in the shape of the
// service asked (PostgREST's {code, message, details, hint}, GoTrue's {code, error_code, msg}).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_VERSION_HEADER, requestedApiVersion } from '../auth/respond.ts';

function tooLarge(c: Context, maxBytes: number): Response {
  const message = `The request body is larger than the limit of ${maxBytes} bytes`;
  const path = new URL(c.req.url).pathname;
  if (path.startsWith('/auth/v1')) {
    if (requestedApiVersion(c.req.header(API_VERSION_HEADER))) {
      return c.json({ code: 'request_too_large', message }, 413);
    }
    return c.json({ code: 413, error_code: 'request_too_large', msg: message }, 413);
  }
  // PGRST102 is PostgREST's "invalid request body"; the status says why.
  return c.json({ code: 'PGRST102', message: 'Payload Too Large', details: message, hint: null }, 413);
}

export function limitBodies(maxBytes: number): MiddlewareHandler {
  return bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, maxBytes) });
}
