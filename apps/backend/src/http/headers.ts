// The request's headers as a plain record, read once per request by the gateway and the services that need them.
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

interface NodeIncoming {
  rawHeaders: string[];
}

/** Names in lower case; a repeated header's values joined as the Fetch API joins them (`; ` for cookies). */
function fromRawHeaders(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i].toLowerCase();
    const value = raw[i + 1];
    const previous = headers[name];
    headers[name] = previous === undefined ? value : `${previous}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  return headers;
}

/**
 * Read straight from Node's raw header list when the server runs on Node: building a Fetch `Headers` object first is
 * a measurable part of a small read's cost. Without Node's request (`app.request()` in tests) the Fetch headers give
 * the same record.
 */
export function headerRecord(c: Context<AppEnv>): Record<string, string> {
  const cached = c.get('requestHeaders') as Record<string, string> | undefined;
  if (cached) return cached;
  const incoming = (c.env as { incoming?: NodeIncoming } | undefined)?.incoming;
  let headers: Record<string, string>;
  if (incoming?.rawHeaders) {
    headers = fromRawHeaders(incoming.rawHeaders);
  } else {
    headers = {};
    c.req.raw.headers.forEach((value, name) => {
      headers[name] = value;
    });
  }
  c.set('requestHeaders', headers);
  return headers;
}
