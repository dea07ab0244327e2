// grant_type=id_token: an OpenID Connect ID token from a configured provider (supabase-js signInWithIdToken) signs
// the person in, linked to their account or creating one, or (link_identity) joins the caller's account; GoTrue's
// checks of audience and nonce, in its words.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { clientIp } from '../client-ip.ts';
import type { Context } from 'hono';
import { requestedRedirect, userAgentOf, type AuthDeps, type OpenHandler } from '../context.ts';
import { AuthError } from '../errors.ts';
import { signInWithExternalIdentity } from '../flows/external-accounts.ts';
import { linkIdentityToUser } from '../flows/identity-linking.ts';
import { authenticateUser } from '../guards.ts';
import type { UserRow } from '../models/users.ts';
import { OAuthError } from '../oauth-error.ts';
import { resolveOidcProvider, type OidcProvider } from '../oidc/providers.ts';
import { verifyIdToken, type VerifiedIdToken } from '../oidc/verify.ts';
import { redirectTarget } from '../redirect.ts';
import { flag, readJson, text } from '../request.ts';
import { issueSession, type SessionResponse } from '../tokens.ts';

const IdTokenBody = z.object({
  id_token: text,
  access_token: text,
  nonce: text,
  provider: text,
  client_id: text,
  issuer: text,
  link_identity: flag,
});

const invalidRequest = (description: string) => new OAuthError('invalid request', description);

function audiencesOf(claims: VerifiedIdToken['claims']): string[] {
  const { aud } = claims;
  if (typeof aud === 'string') return [aud];
  return Array.isArray(aud) ? aud.filter((value): value is string => typeof value === 'string') : [];
}

function checkToken(provider: OidcProvider, token: VerifiedIdToken, nonce: string): void {
  if (token.user.subject === '') throw invalidRequest('Missing sub claim in id_token');
  const audiences = audiencesOf(token.claims);
  if (!provider.clientIds.some((clientId) => audiences.includes(clientId))) {
    throw invalidRequest(`Unacceptable audience in id_token: [${audiences.join(' ')}]`);
  }
  if (provider.skipNonceCheck) return;
  const tokenNonce = typeof token.claims.nonce === 'string' ? token.claims.nonce : '';
  if ((tokenNonce !== '') !== (nonce !== '')) {
    throw invalidRequest('Passed nonce and nonce in id_token should either both exist or not.');
  }
  // The client sends the nonce; the provider was given, and signed, its SHA-256 in hexadecimal.
  if (nonce !== '' && createHash('sha256').update(nonce).digest('hex') !== tokenNonce) {
    throw new OAuthError('invalid nonce', 'Nonces mismatch');
  }
}

async function linkAndSignIn(
  c: Context,
  deps: AuthDeps,
  target: UserRow,
  provider: string,
  token: VerifiedIdToken,
  redirectTo: string,
): Promise<SessionResponse> {
  const outcome = await deps.db.transaction(async (tx) => {
    const user = await linkIdentityToUser(tx, deps, target, { provider, data: token.user, redirectTo });
    return user instanceof AuthError ? user : issueSession(tx, deps, user, 'oauth', userAgentOf(c));
  });
  // A refusal for an unverified address keeps the identity and the confirmation e-mail.
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export const idTokenGrant: OpenHandler = async (c, deps) => {
  const body = await readJson(c, IdTokenBody);
  if (body.id_token === '') throw invalidRequest('id_token required');
  if (body.provider === '' && (body.client_id === '' || body.issuer === '')) {
    throw invalidRequest('provider or client_id and issuer required');
  }
  // Adding the identity to the signed-in account (linkIdentity with a token), as GoTrue allows with any user token.
  let target: UserRow | undefined;
  if (body.link_identity) {
    if (!c.req.header('authorization')) {
      throw invalidRequest('Linking requires a valid user access token in Authorization');
    }
    target = (await authenticateUser(c, deps)).user;
  }
  const provider = resolveOidcProvider(deps.settings, {
    provider: body.provider,
    issuer: body.issuer,
    idToken: body.id_token,
  });
  const token = await verifyIdToken(provider, body.id_token, body.access_token);
  checkToken(provider, token, body.nonce);
  const redirectTo = redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer'));
  if (target) return c.json(await linkAndSignIn(c, deps, target, provider.name, token, redirectTo));
  const session = await signInWithExternalIdentity(deps, {
    provider: provider.name,
    method: 'oauth',
    data: token.user,
    emailOptional: provider.emailOptional,
    userAgent: userAgentOf(c),
    ipAddress: clientIp(c),
    redirectTo,
  });
  return c.json(session);
};
