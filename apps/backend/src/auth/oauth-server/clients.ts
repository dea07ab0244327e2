// Registering and changing OAuth clients as GoTrue's OAuth server does: redirect URIs (HTTPS, or HTTP on localhost),
// grant types, names and URIs checked in its words; the client type and token endpoint authentication method derived
// from each other; a confidential client's secret generated, shown once and kept as a hash.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AuthError } from '../errors.ts';
import type { ClientType, OAuthClientRow, TokenEndpointAuthMethod } from '../models/oauth-clients.ts';

const invalid = (message: string) => new AuthError(400, 'validation_failed', message);
const AUTH_METHODS: TokenEndpointAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];
export const GRANT_TYPES = ['authorization_code', 'refresh_token'];

function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  if (url.host === '') return 'must have scheme and host';
  if (url.hash !== '') return 'fragment not allowed in redirect URI';
  if (url.protocol === 'http:') {
    return url.hostname === 'localhost' || url.hostname === '127.0.0.1'
      ? undefined
      : 'HTTP scheme only allowed for localhost';
  }
  return url.protocol === 'https:' ? undefined : 'scheme must be HTTPS or HTTP (localhost only)';
}

export function checkRedirectUris(uris: string[] | undefined, required: boolean): void {
  if (required && (!uris || uris.length === 0)) throw invalid('redirect_uris is required');
  if (!uris || uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

export function checkGrantTypes(grantTypes: string[]): void {
  if (grantTypes.length === 0) throw invalid('grant_types cannot be empty');
  if (grantTypes.some((type) => !GRANT_TYPES.includes(type))) {
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
  }
}

function checkUri(field: 'client_uri' | 'logo_uri', value: string | undefined): void {
  if (!value) return;
  if (value.length > 2048) throw invalid(`${field} cannot exceed 2048 characters`);
  if (!URL.canParse(value)) throw invalid(`${field} must be a valid URL`);
}

export function checkDescription(fields: { client_name?: string; client_uri?: string; logo_uri?: string }): void {
  if ((fields.client_name ?? '').length > 1024) throw invalid('client_name cannot exceed 1024 characters');
  checkUri('client_uri', fields.client_uri);
  checkUri('logo_uri', fields.logo_uri);
}

const typeOfMethod = (method: string): ClientType => (method === 'none' ? 'public' : 'confidential');

/** The client type and authentication method a registration asks for, checked for consistency. */
export function clientTypeAndMethod(
  clientType: string,
  method: string,
): { clientType: ClientType; method: TokenEndpointAuthMethod } {
  if (clientType !== '' && clientType !== 'public' && clientType !== 'confidential') {
    throw invalid("client_type must be 'public' or 'confidential'");
  }
  if (method !== '' && !AUTH_METHODS.includes(method as TokenEndpointAuthMethod)) {
    throw invalid(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  }
  if (clientType !== '' && method !== '' && typeOfMethod(method) !== clientType) {
    throw invalid(
      `client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${method}' ` +
        `(expected client_type '${typeOfMethod(method)}')`,
    );
  }
  const type: ClientType =
    clientType !== '' ? (clientType as ClientType) : method !== '' ? typeOfMethod(method) : 'confidential';
  const resolved = (method || (type === 'public' ? 'none' : 'client_secret_basic')) as TokenEndpointAuthMethod;
  return { clientType: type, method: resolved };
}

export function newClientSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** A client as GoTrue's API shows it; the secret only right after it was made. */
export function clientJson(client: OAuthClientRow, secret?: string): Record<string, unknown> {
  const present = (value: string | null | undefined) => (value ? value : undefined);
  return {
    client_id: client.id,
    client_secret: secret,
    client_type: client.client_type,
    redirect_uris: client.redirect_uris,
    token_endpoint_auth_method: client.token_endpoint_auth_method,
    grant_types: client.grant_types,
    response_types: ['code'],
    client_name: present(client.client_name),
    client_uri: present(client.client_uri),
    logo_uri: present(client.logo_uri),
    registration_type: client.registration_type,
    created_at: client.created_at,
    updated_at: client.updated_at,
  };
}
