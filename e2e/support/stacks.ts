// The two running products the end-to-end suite talks to, each with its own ports and data folder.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Stack {
  webUrl: string;
  apiUrl: string;
  dataDir: string;
  env: Record<string, string>;
}

/**
 * A signing key of the suite's own (its file named by SUPABASE_AUTH_SIGNING_KEYS_PATH in the stack's env), made once
 * beside the data folders, which each run starts afresh: a test can sign tokens the stack accepts, while a backend
 * otherwise keeps the key it generated in its database.
 */
function signingKeyFile(name: string): string {
  const file = path.resolve('.data-e2e', `${name}-signing-key.json`);
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', use: 'sig' };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify([jwk]), { mode: 0o600 });
  }
  return file;
}

function stack(name: string, webPort: number, backendPort: number, extraEnv: Record<string, string> = {}): Stack {
  const dataDir = path.join('.data-e2e', name);
  return {
    webUrl: `http://127.0.0.1:${webPort}`,
    apiUrl: `http://127.0.0.1:${backendPort}`,
    dataDir,
    env: {
      PORT: String(webPort),
      BACKEND_PORT: String(backendPort),
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${webPort}`,
      // Polls for a new build every second, so the suite can observe a deployment.
      BUILD_CHECK_INTERVAL_MS: '1000',
      // Every test signs in from this machine, as one visitor: the suite would otherwise meet the per-address limits.
      SUPABASE_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
      SUPABASE_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
      // As behind a load balancer: a browser context may name its own visitor address in X-Forwarded-For.
      TRUST_PROXY: 'loopback',
      ...extraEnv,
    },
  };
}

/** E2E_PORT_OFFSET moves every port of the suite, so that two checkouts can run it side by side. */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const STACKS = {
  default: stack('default', 3301 + offset, 54331 + offset),
  confirmations: stack('confirmations', 3302 + offset, 54332 + offset, {
    SUPABASE_AUTH_SIGNING_KEYS_PATH: signingKeyFile('confirmations'),
    SUPABASE_AUTH_EMAIL_ENABLE_CONFIRMATIONS: 'true',
    SUPABASE_AUTH_EMAIL_SECURE_PASSWORD_CHANGE: 'true',
  }),
};

/** A web app whose backend address answers nothing: every request that needs the backend fails. */
export const BROKEN_WEB_PORT = 3303 + offset;
export const BROKEN_WEB_URL = `http://127.0.0.1:${BROKEN_WEB_PORT}`;
