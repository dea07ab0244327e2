// POST /token: the grant named by ?grant_type= (password, refresh_token, pkce).
import type { OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { passwordGrant } from './token-password.ts';
import { pkceGrant } from './token-pkce.ts';
import { refreshTokenGrant } from './token-refresh.ts';

const GRANTS: Record<string, OpenHandler> = {
  password: passwordGrant,
  refresh_token: refreshTokenGrant,
  pkce: pkceGrant,
};

export const token: OpenHandler = (c, deps) => {
  const grant = GRANTS[c.req.query('grant_type') ?? ''];
  if (!grant) throw AuthErrors.unsupportedGrant();
  return grant(c, deps);
};
