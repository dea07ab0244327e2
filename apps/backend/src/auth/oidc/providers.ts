// Which configured identity provider an ID token is for, chosen from the request's provider name or issuer as GoTrue
// chooses it, with the issuer to verify the token against and the audiences (client ids) it may be issued for.
import { decodeJwt } from 'jose';
import { AuthError, AuthErrors } from '../errors.ts';
import type { AuthSettings } from '../settings.ts';

/**
 * The sign-in providers GoTrue knows by name (those its /settings lists), whether or not this server can enable
 * them: GoTrue says such a provider "is not enabled", and any other name "could not be found".
 */
export const GOTRUE_OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'nextcloud',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

export const ISSUER_GOOGLE = 'https://accounts.google.com';
export const ISSUER_FACEBOOK = 'https://www.facebook.com';
export const ISSUER_KAKAO = 'https://kauth.kakao.com';
const APPLE_ISSUERS = new Set(['https://appleid.apple.com', 'https://account.apple.com']);
const AZURE_ISSUER = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/;

export const isAppleIssuer = (issuer: string) => APPLE_ISSUERS.has(issuer);
export const isAzureIssuer = (issuer: string) => AZURE_ISSUER.test(issuer);

export interface OidcProvider {
  /** The identities' provider name. */
  name: string;
  issuer: string;
  clientIds: string[];
  skipNonceCheck: boolean;
  emailOptional: boolean;
  /** Apple's tokens may name another of its issuers than its discovery document, so that check is left out. */
  checkIssuer: boolean;
}

export interface IdTokenRequest {
  provider: string;
  issuer: string;
  idToken: string;
}

/** The issuer the token claims, read before its signature is checked, to pick the tenant's keys. */
function detectIssuer(request: IdTokenRequest, label: string, accepts: (issuer: string) => boolean): string {
  let detected: unknown;
  try {
    detected = decodeJwt(request.idToken).iss;
  } catch (error) {
    throw AuthErrors.validation(`Unable to detect issuer in ID token for ${label} provider`, error);
  }
  if (typeof detected !== 'string' || !accepts(detected)) {
    throw AuthErrors.validation(`Detected ID token issuer is not an ${label} ID token issuer`);
  }
  if (request.issuer !== '' && request.issuer !== detected) {
    throw AuthErrors.validation('Provided issuer does not match ID token issuer');
  }
  return detected;
}

const isAzureTokenIssuer = (issuer: string) =>
  issuer.startsWith('https://login.microsoftonline.com/') || issuer.startsWith('https://sts.windows.net/');

function chooseProvider(settings: AuthSettings, request: IdTokenRequest): { name: string; issuer: string } {
  const { provider, issuer } = request;
  const keycloak = settings.externalProviders.keycloak;
  if (provider === 'apple' || isAppleIssuer(issuer)) {
    return { name: 'apple', issuer: detectIssuer(request, 'Apple', isAppleIssuer) };
  }
  if (provider === 'google' || issuer === ISSUER_GOOGLE) return { name: 'google', issuer: ISSUER_GOOGLE };
  if (provider === 'azure' || isAzureIssuer(issuer)) {
    return { name: 'azure', issuer: detectIssuer(request, 'Azure', isAzureTokenIssuer) };
  }
  if (provider === 'facebook' || issuer === ISSUER_FACEBOOK) return { name: 'facebook', issuer: ISSUER_FACEBOOK };
  if (provider === 'keycloak' || (keycloak?.enabled && keycloak.url !== '' && issuer === keycloak.url)) {
    return { name: 'keycloak', issuer: keycloak?.url ?? '' };
  }
  if (provider === 'kakao' || issuer === ISSUER_KAKAO) return { name: 'kakao', issuer: ISSUER_KAKAO };
  if (provider.startsWith('custom:')) throw AuthErrors.validation('Custom OAuth providers are disabled');
  // GoTrue's list of further allowed issuers is not part of the Supabase CLI's configuration.
  throw AuthErrors.validation(`Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
}

/** The provider to verify the token with; refuses one that is unknown or not enabled, in GoTrue's words. */
export function resolveOidcProvider(settings: AuthSettings, request: IdTokenRequest): OidcProvider {
  const { name, issuer } = chooseProvider(settings, request);
  const configured = settings.externalProviders[name];
  if (!configured?.enabled) {
    throw new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);
  }
  return {
    name,
    issuer,
    clientIds: configured.clientIds,
    // Facebook's Limited Login tokens carry no nonce GoTrue could check.
    skipNonceCheck: configured.skipNonceCheck || name === 'facebook',
    emailOptional: configured.emailOptional,
    checkIssuer: name !== 'apple',
  };
}
