// The address a request came from, as the gateway worked it out (see http/visitor.ts): forwarding headers count
// only from a trusted proxy, so a client cannot write another address into them to dodge limits or MFA binding.
import type { Context } from 'hono';
import { socketAddress } from '../http/visitor.ts';

/** The visitor's address, or undefined for a call made inside the process (no socket). */
export function visitorIp(c: Context): string | undefined {
  return (c.get('visitorAddress') as string | undefined) ?? socketAddress(c);
}

/** The address to record (e.g. with an MFA challenge); in-process calls all count as one local address. */
export function clientIp(c: Context): string {
  return visitorIp(c) ?? '127.0.0.1';
}
