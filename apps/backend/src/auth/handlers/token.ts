// POST /token: the grant named by ?grant_type= (password, refresh_token, pkce).
import type { OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { enforceRequestLimit, type RateLimitName } from '../rate-limit.ts';
import { passwordGrant } from './token-password.ts';
import { pkceGrant } from './token-pkce.ts';
import { refreshTokenGrant } from './token-refresh.ts';

const GRANTS: Record<string, OpenHandler> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
};

/** Refreshes draw on token_refresh; every grant that signs someone in draws on sign_in_sign_ups. */
const LIMIT_OF_GRANT: Record<string, RateLimitName> = { refresh_token: 'token_refresh' };

export const token: OpenHandler = async (c, deps) => {
  const grantType = c.req.query('grant_type') ?? '';
  const grant = GRANTS[grantType];
  if (!grant) throw AuthErrors.unsupportedGrant();
  await enforceRequestLimit(c, deps, LIMIT_OF_GRANT[grantType] ?? 'sign_in_sign_ups');
  return grant(c, deps);
};
