// POST /token: the grant named by ?grant_type= (password, refresh_token, pkce, id_token, web3).
import type { OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { OAuthError, oauthErrorBody } from '../oauth-error.ts';
import { enforceRequestLimit, type RateLimitName } from '../rate-limit.ts';
import { idTokenGrant } from './token-id-token.ts';
import { passwordGrant } from './token-password.ts';
import { pkceGrant } from './token-pkce.ts';
import { refreshTokenGrant } from './token-refresh.ts';
import { web3Grant } from './token-web3.ts';

const GRANTS: Record<string, OpenHandler> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
  id_token: idTokenGrant,
  web3: web3Grant,
};

/**
 * Refreshes draw on token_refresh and wallet sign-ins on web3; every other grant that signs someone in draws on
 * sign_in_sign_ups.
 */
const LIMIT_OF_GRANT: Record<string, RateLimitName> = { refresh_token: 'token_refresh', web3: 'web3' };

export const token: OpenHandler = async (c, deps) => {
  const grantType = c.req.query('grant_type') ?? '';
  const grant = GRANTS[grantType];
  if (!grant) throw AuthErrors.unsupportedGrant();
  await enforceRequestLimit(c, deps, LIMIT_OF_GRANT[grantType] ?? 'sign_in_sign_ups');
  try {
    return await grant(c, deps);
  } catch (error) {
    if (error instanceof OAuthError) return c.json(oauthErrorBody(error), 400);
    throw error;
  }
};
