// The address a request came from, as the socket reports it. Forwarding headers are not trusted: the server is
// reached directly, and a client could write any address into them to dodge rate limits or MFA binding.
import type { Context } from 'hono';

/** The client's socket address, or undefined for a call made inside the process (no socket). */
export function socketAddress(c: Context): string | undefined {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  // IPv4 clients of a dual-stack socket appear as ::ffff:a.b.c.d.
  return address?.startsWith('::ffff:') ? address.slice(7) : address;
}

/** The address to record (e.g. with an MFA challenge); in-process calls all count as one local address. */
export function clientIp(c: Context): string {
  return socketAddress(c) ?? '127.0.0.1';
}
