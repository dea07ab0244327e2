// The OpenID Connect authorization-code flow with a configured provider: its sign-in page address for a flow, and
// the exchange of the code the browser brings back for the provider's tokens, as GoTrue's OAuth client makes them.
import { AuthError } from '../errors.ts';
import { OAuthError } from '../oauth-error.ts';
import type { AuthSettings } from '../settings.ts';
import { discoverIssuer } from './discovery.ts';
import {
  GOTRUE_OAUTH_PROVIDERS,
  ISSUER_FACEBOOK,
  ISSUER_GOOGLE,
  ISSUER_KAKAO,
  type OidcProvider,
} from './providers.ts';

const TIMEOUT_MS = 10_000;
/** Parameters this server sets on the provider's URL; a client's own values for them are dropped. */
const RESERVED = new Set(
  ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method'].concat(
    // This server's own parameters, not the provider's.
    ['provider', 'scopes', 'redirect_to', 'skip_http_redirect'],
  ),
);

/** The issuer whose discovery document names the provider's endpoints. */
function issuerOf(name: string, url: string): string | undefined {
  switch (name) {
    case 'google':
      return ISSUER_GOOGLE;
    case 'facebook':
      return ISSUER_FACEBOOK;
    case 'kakao':
      return ISSUER_KAKAO;
    case 'apple':
      return 'https://appleid.apple.com';
    case 'azure':
      return url || 'https://login.microsoftonline.com/common/v2.0';
    case 'keycloak':
      return url;
    default:
      return undefined;
  }
}

const unsupported = (detail: string) => new AuthError(400, 'validation_failed', `Unsupported provider: ${detail}`);

export interface RedirectProvider extends OidcProvider {
  clientId: string;
  secret: string;
  redirectUri: string;
}

/** An enabled provider that can run the redirect flow, or GoTrue's refusal. */
export function redirectProvider(settings: AuthSettings, name: string): RedirectProvider {
  const configured = settings.externalProviders[name];
  const issuer = issuerOf(name, configured?.url ?? '');
  // GoTrue calls a provider it knows by name but that is off "not enabled", and any other name "not found".
  if (!configured?.enabled && GOTRUE_OAUTH_PROVIDERS.includes(name)) throw unsupported('provider is not enabled');
  if (!configured?.enabled || !issuer) throw unsupported(`Provider ${name} could not be found`);
  return {
    name,
    issuer,
    clientIds: configured.clientIds,
    clientId: configured.clientIds[0] ?? '',
    secret: configured.secret,
    redirectUri: configured.redirectUri || `${settings.externalUrl}/callback`,
    // The flow sends no nonce; the code exchange itself binds the token to this flow.
    skipNonceCheck: true,
    emailOptional: configured.emailOptional,
    checkIssuer: name !== 'apple' && name !== 'azure',
  };
}

/** Why a provider could not be set up, with the network's reason when there is one (as GoTrue words it). */
function failureDetail(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

async function endpoints(provider: RedirectProvider): Promise<{ authorization: string; token: string }> {
  // GoTrue reads the discovery document while setting the provider up, so a provider it cannot reach is refused
  // like an unknown one (400), not reported as a server fault.
  const discovered = await discoverIssuer(provider.issuer, !provider.checkIssuer).catch((error: unknown) => {
    throw new AuthError(400, 'validation_failed', `Unsupported provider: ${failureDetail(error)}`, { cause: error });
  });
  if (!discovered.authorizationEndpoint || !discovered.tokenEndpoint) {
    throw unsupported(`provider ${provider.name} has no authorization code flow`);
  }
  return { authorization: discovered.authorizationEndpoint, token: discovered.tokenEndpoint };
}

/** The provider's sign-in page for the flow `state`, with the client's extra parameters passed along. */
export async function authorizationUrl(
  provider: RedirectProvider,
  state: string,
  scopes: string,
  extra: URLSearchParams,
): Promise<string> {
  const url = new URL((await endpoints(provider)).authorization);
  const scope = new Set(['openid', 'email', 'profile', ...scopes.split(/[\s,]+/).filter(Boolean)]);
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', provider.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', [...scope].join(' '));
  url.searchParams.set('state', state);
  for (const [key, value] of extra) {
    if (!RESERVED.has(key.toLowerCase())) url.searchParams.set(key, value);
  }
  return url.toString();
}

export interface ProviderTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/** Exchanges the authorization code at the provider's token endpoint (client secret in basic authentication). */
export async function exchangeCode(provider: RedirectProvider, code: string): Promise<ProviderTokens> {
  const response = await fetch((await endpoints(provider)).token, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(
        `${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.secret)}`,
      ).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: provider.redirectUri }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new OAuthError('server_error', 'Unable to exchange external code', { cause: error });
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.id_token !== 'string') {
    throw new OAuthError('server_error', 'Unable to exchange external code', {
      cause: new Error(`token endpoint answered ${response.status}: ${String(body.error ?? '')}`),
    });
  }
  return {
    idToken: body.id_token,
    accessToken: typeof body.access_token === 'string' ? body.access_token : '',
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : '',
  };
}
