// The auth service's route table (GoTrue-compatible), mounted at /auth/v1.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';

/** Routes reached without an apikey: e-mail links and the public key set. */
export function openAuthRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/.well-known/jwks.json', (c) => c.json(deps.keys.jwks));
  return app;
}

export function authRoutes(_deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/health', (c) => c.json({ version: 'teamplan', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }));
  return app;
}
