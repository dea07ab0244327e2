// The checks of an authorization request GoTrue's OAuth server makes (scopes it supports, RFC 8707 resource, PKCE
// required), and the redirects back to the client with a code or an error, state included.
import { randomInt } from 'node:crypto';

export const SUPPORTED_SCOPES = ['openid', 'profile', 'email', 'phone'];

export const parseScopes = (scope: string) =>
  scope
    .split(' ')
    .map((part) => part.trim())
    .filter(Boolean);

/** Why the request cannot be granted, in GoTrue's words, or undefined. */
export function authorizeRequestProblem(request: {
  responseType: string;
  scope: string;
  resource: string;
  codeChallenge: string;
  codeChallengeMethod: string;
}): string | undefined {
  if (request.responseType !== 'code') return 'only response_type=code is supported';
  const scopes = parseScopes(request.scope);
  if (request.scope === '') return 'scope parameter is required';
  if (scopes.length === 0) return 'scope parameter cannot be empty';
  const unsupported = scopes.find((scope) => !SUPPORTED_SCOPES.includes(scope));
  if (unsupported) return `unsupported scope: ${unsupported}`;
  if (request.resource !== '') {
    if (!URL.canParse(request.resource)) return 'resource must be an absolute URI';
    const resource = new URL(request.resource);
    if (resource.hash !== '') return 'resource must not include a fragment component';
    if (resource.search !== '') return 'resource must not include a query component';
  }
  if (request.codeChallenge === '' || request.codeChallengeMethod === '') {
    return 'PKCE flow requires both code_challenge and code_challenge_method';
  }
  if (!['s256', 'plain'].includes(request.codeChallengeMethod.toLowerCase())) {
    return "code_challenge_method must be 'S256' or 'plain'";
  }
  if (request.codeChallenge.length < 43 || request.codeChallenge.length > 128) {
    return 'code_challenge must be between 43 and 128 characters';
  }
  return undefined;
}

/** The client's redirect URI with these parameters added to its query. */
export function clientRedirect(redirectUri: string, values: Record<string, string | null | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(values)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** GoTrue's authorization_id: 32 random letters and digits. */
export function newAuthorizationId(): string {
  return Array.from({ length: 32 }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
}
