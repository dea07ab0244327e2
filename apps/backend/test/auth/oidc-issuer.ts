// A local OpenID Connect issuer for the tests: its own signing key, and its discovery document, key set and token
// endpoint served over HTTP on 127.0.0.1, so ID tokens are fetched for and verified exactly as a real issuer's would
// be, and authorization codes (handed out by the test, playing the provider's sign-in page) are exchanged.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export interface TestIssuer {
  /** The issuer URL, as keycloak names a realm. */
  url: string;
  /** An ID token from this issuer: `claims` over the defaults (iss, iat, an hour's exp). */
  sign(claims: JWTPayload, options?: { forgedKey?: boolean }): Promise<string>;
  /** How many times the discovery document was fetched. */
  discoveryFetches(): number;
  /** An authorization code for a person with these claims, as the sign-in page would hand it to the browser. */
  issueCode(claims: JWTPayload): string;
  /** The last request to the token endpoint: its Basic credentials and form. */
  lastTokenRequest(): { credentials: string; form: URLSearchParams } | undefined;
  close(): Promise<void>;
}

const KEY_ID = 'test-key';

export async function startTestIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  // Another key under the same id: what a forger without the issuer's key could sign with.
  const forged = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  let fetches = 0;
  let url = '';
  const codes = new Map<string, JWTPayload>();
  let lastToken: { credentials: string; form: URLSearchParams } | undefined;

  const signed = (claims: JWTPayload, key: CryptoKey = privateKey) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iss: url, iat: now, exp: now + 3600, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
      .sign(key);
  };

  async function exchange(form: URLSearchParams, credentials: string): Promise<[number, unknown]> {
    lastToken = { credentials, form };
    const claims = codes.get(form.get('code') ?? '');
    if (form.get('grant_type') !== 'authorization_code' || !claims) return [400, { error: 'invalid_grant' }];
    codes.delete(form.get('code')!);
    const clientId = credentials.split(':')[0];
    const idToken = await signed({ aud: clientId, ...claims });
    return [200, { id_token: idToken, access_token: 'provider-access', refresh_token: 'provider-refresh' }];
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (body: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/realms/teamplan/.well-known/openid-configuration') {
      fetches += 1;
      send({
        issuer: url,
        jwks_uri: `${url}/certs`,
        id_token_signing_alg_values_supported: ['RS256'],
        authorization_endpoint: `${url}/protocol/openid-connect/auth`,
        token_endpoint: `${url}/protocol/openid-connect/token`,
      });
    } else if (path === '/realms/teamplan/certs') {
      send({ keys: [jwk] });
    } else if (path === '/realms/teamplan/protocol/openid-connect/token' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const basic = (request.headers.authorization ?? '').replace(/^Basic /, '');
        const credentials = Buffer.from(basic, 'base64').toString('utf8');
        void exchange(new URLSearchParams(body), decodeURIComponent(credentials)).then(([status, answer]) =>
          send(answer, status),
        );
      });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/teamplan`;

  return {
    url,
    sign: (claims, options = {}) => signed(claims, options.forgedKey ? forged.privateKey : privateKey),
    discoveryFetches: () => fetches,
    issueCode(claims) {
      const code = `code-${codes.size}-${Math.random().toString(36).slice(2)}`;
      codes.set(code, claims);
      return code;
    },
    lastTokenRequest: () => lastToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
