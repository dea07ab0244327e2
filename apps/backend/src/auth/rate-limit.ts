// GoTrue's rate limits, as token buckets in the database so that replicas share them. Each limit allows a burst of
// its configured number and refills at that number per interval (5 minutes, or an hour for anonymous sign-ins and
// e-mail sends). Limits apply per visitor (see http/visitor.ts: behind the web app's server, each of its visitors);
// only calls made inside the process (no socket, such as tests) are not limited.
import type { Context } from 'hono';
import type { Queryable } from '../db/types.ts';
import { visitorIp } from './client-ip.ts';
import type { AuthDeps, OpenHandler, UserHandler } from './context.ts';
import { AuthErrors } from './errors.ts';

export type RateLimitName =
  | 'sign_in_sign_ups'
  | 'token_refresh'
  | 'token_verifications'
  | 'anonymous_users'
  | 'email_sent'
  | 'sms_sent'
  | 'web3'
  | 'mfa';

const FIVE_MINUTES = 300;
const HOUR = 3600;
/** GoTrue allows 15 MFA challenges and verifications per minute and address. */
const MFA_PER_MINUTE = 15;

function limitOf(deps: AuthDeps, name: RateLimitName): { capacity: number; intervalSeconds: number } {
  if (name === 'mfa') return { capacity: MFA_PER_MINUTE, intervalSeconds: 60 };
  const capacity = deps.config.project.auth.rate_limit[name];
  const hourly = name === 'anonymous_users' || name === 'email_sent' || name === 'sms_sent';
  return { capacity, intervalSeconds: hourly ? HOUR : FIVE_MINUTES };
}

/** Takes one token from a bucket (see migration 0006); false when the bucket is empty. */
export async function takeToken(
  q: Queryable,
  bucket: string,
  capacity: number,
  intervalSeconds: number,
): Promise<boolean> {
  const { rows } = await q.query<{ taken: boolean }>('select _backend.take_rate_limit_token($1, $2, $3) as taken', [
    bucket,
    capacity,
    intervalSeconds,
  ]);
  return rows[0]?.taken === true;
}

/** Refuses the request with 429 over_request_rate_limit when the client's bucket for `name` is empty. */
export async function enforceRequestLimit(c: Context, deps: AuthDeps, name: RateLimitName): Promise<void> {
  const address = visitorIp(c);
  if (!address) return;
  const { capacity, intervalSeconds } = limitOf(deps, name);
  if (!(await takeToken(deps.db, `${name}:${address}`, capacity, intervalSeconds))) {
    throw AuthErrors.overRequestRateLimit();
  }
}

/** A handler behind a per-address limit. */
export function limited(name: RateLimitName, handler: OpenHandler): OpenHandler {
  return async (c, deps) => {
    await enforceRequestLimit(c, deps, name);
    return handler(c, deps);
  };
}

/** A signed-in user's handler behind a per-address limit. */
export function limitedUser(name: RateLimitName, handler: UserHandler): UserHandler {
  return async (c, deps, auth) => {
    await enforceRequestLimit(c, deps, name);
    return handler(c, deps, auth);
  };
}

/**
 * The project's hourly e-mail budget, which GoTrue applies to real mail only: the local mailbox is not limited.
 * Runs in the transaction that sends, so a refused send leaves nothing behind.
 */
export async function enforceEmailSendLimit(q: Queryable, deps: AuthDeps): Promise<void> {
  if (deps.mailer.usesMailbox) return;
  const { capacity, intervalSeconds } = limitOf(deps, 'email_sent');
  if (!(await takeToken(q, 'email_sent', capacity, intervalSeconds))) {
    throw AuthErrors.overEmailSendRateLimit(0, 'Email rate limit exceeded');
  }
}
