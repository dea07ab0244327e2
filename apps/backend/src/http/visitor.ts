// Who is on the other end of a request: the socket's address, or, when the socket is a trusted proxy (this
// machine's loopback by default: the web app's server), the visitor's address that the proxy passes on in
// X-Forwarded-For. Rate limits and recorded addresses use it; a client that is not a trusted proxy cannot choose it.
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import proxyaddr from 'proxy-addr';
import type { AppEnv } from './env.ts';
import { headerRecord } from './headers.ts';

export type TrustProxy = (address: string, hop: number) => boolean;

/** Names ('loopback', 'linklocal', 'uniquelocal'), addresses and CIDR ranges; throws on anything else. */
export function compileTrustedProxies(entries: string[]): TrustProxy {
  return proxyaddr.compile(entries);
}

interface NodeIncoming {
  socket?: { remoteAddress?: string };
}

/** IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d. */
const unmapped = (address: string) => (address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address);

/** The request's socket address, or undefined for a call made inside the process (no socket). */
export function socketAddress(c: Context): string | undefined {
  const address = (c.env as { incoming?: NodeIncoming } | undefined)?.incoming?.socket?.remoteAddress;
  return address && unmapped(address);
}

/**
 * The first address, from the socket back along X-Forwarded-For, that is not a trusted proxy. Entries that are not
 * IP addresses are skipped, as GoTrue skips them.
 */
export function visitorAddressOf(c: Context<AppEnv>, trust: TrustProxy): string | undefined {
  const socket = socketAddress(c);
  if (!socket || !trust(socket, 0)) return socket;
  const forwardedFor = (headerRecord(c)['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => isIP(entry) !== 0)
    .join(', ');
  const request = { socket: { remoteAddress: socket }, headers: { 'x-forwarded-for': forwardedFor } };
  return unmapped(proxyaddr(request as unknown as IncomingMessage, trust));
}

/** Tells every service which proxies to believe; the address is worked out only where one is needed. */
export function trustProxies(trust: TrustProxy): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('trustProxy', trust);
    await next();
  };
}
