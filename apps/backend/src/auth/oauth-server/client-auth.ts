// How a client authenticates at POST /oauth/token, as GoTrue's OAuth server checks it: HTTP Basic
// (client_secret_basic), a secret in the body (client_secret_post) or none (a public client); the method must be the
// one the client registered, and the secret its own. Failures are the service's 400 invalid_credentials errors.
import { AuthError } from '../errors.ts';
import type { Queryable } from '../../db/types.ts';
import { findOAuthClient, type OAuthClientRow } from '../models/oauth-clients.ts';
import { secretMatches } from './clients.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const refused = (message: string) => new AuthError(400, 'invalid_credentials', message);

interface Credentials {
  clientId: string;
  clientSecret: string;
  method: 'client_secret_basic' | 'client_secret_post' | 'none';
}

function credentialsOf(authorization: string | undefined, body: Record<string, string>): Credentials | undefined {
  if (authorization?.startsWith('Basic ')) {
    const decoded = Buffer.from(authorization.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw refused('Invalid client credentials: invalid basic auth format');
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)].map((part) => decodeURIComponent(part));
    return { clientId: id, clientSecret: secret, method: 'client_secret_basic' };
  }
  const clientId = body.client_id ?? '';
  const clientSecret = body.client_secret ?? '';
  if (clientId === '' && clientSecret === '') return undefined;
  if (clientId === '') throw refused('Invalid client credentials: client_id is required');
  return { clientId, clientSecret, method: clientSecret !== '' ? 'client_secret_post' : 'none' };
}

/** The authenticated client, or undefined when the request names none. */
export async function authenticateClient(
  q: Queryable,
  authorization: string | undefined,
  body: Record<string, string>,
): Promise<OAuthClientRow | undefined> {
  const credentials = credentialsOf(authorization, body);
  if (!credentials) return undefined;
  if (!UUID.test(credentials.clientId)) throw refused('Invalid client_id format');
  const client = await findOAuthClient(q, credentials.clientId);
  if (!client) throw refused('Invalid client credentials');
  if (credentials.method !== client.token_endpoint_auth_method) {
    throw refused(
      `invalid authentication method: client is registered for '${client.token_endpoint_auth_method}' but ` +
        `'${credentials.method}' was used`,
    );
  }
  if (client.client_type === 'public') {
    if (credentials.clientSecret !== '') throw refused('public clients must not provide client_secret');
    return client;
  }
  if (credentials.clientSecret === '') throw refused('confidential clients must provide client_secret');
  if (!secretMatches(credentials.clientSecret, client.client_secret_hash)) throw refused('invalid client credentials');
  return client;
}
