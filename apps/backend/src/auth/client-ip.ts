// The address a request came from, as the gateway worked it out (see http/visitor.ts): forwarding headers count
// only from a trusted proxy, so a client cannot write another address into them to dodge limits or MFA binding.
import type { Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { socketAddress, visitorAddressOf } from '../http/visitor.ts';

/** The visitor's address, or undefined for a call made inside the process (no socket). */
export function visitorIp(c: Context): string | undefined {
  const trust = (c as Context<AppEnv>).get('trustProxy');
  return trust ? visitorAddressOf(c as Context<AppEnv>, trust) : socketAddress(c);
}

/** The address to record (e.g. with an MFA challenge); in-process calls all count as one local address. */
export function clientIp(c: Context): string {
  return visitorIp(c) ?? '127.0.0.1';
}
