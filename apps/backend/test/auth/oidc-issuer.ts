// A local OpenID Connect issuer for the tests: its own signing key, and its discovery document and key set served over
// HTTP on 127.0.0.1, so ID tokens are fetched for and verified exactly as a real issuer's would be.
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

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (body: unknown) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/realms/teamplan/.well-known/openid-configuration') {
      fetches += 1;
      send({ issuer: url, jwks_uri: `${url}/certs`, id_token_signing_alg_values_supported: ['RS256'] });
    } else if (path === '/realms/teamplan/certs') {
      send({ keys: [jwk] });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/teamplan`;

  return {
    url,
    sign(claims, options = {}) {
      const key: CryptoKey = options.forgedKey ? forged.privateKey : privateKey;
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: url, iat: now, exp: now + 3600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .sign(key);
    },
    discoveryFetches: () => fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
