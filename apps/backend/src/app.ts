// The server's HTTP application: gateway concerns (CORS, apikey) and the services mounted under their prefixes.
import { Hono } from 'hono';
import { authRoutes, openAuthRoutes } from './auth/routes.ts';
import type { Deps } from './deps.ts';
import { apiKeyGateway, SERVICE_PREFIXES } from './http/apikey.ts';
import { limitBodies } from './http/body-limit.ts';
import { clientWentAway, NOT_RECEIVED_IN_FULL } from './http/client-gone.ts';
import { corsFor } from './http/cors.ts';
import type { AppEnv } from './http/env.ts';
import { noRouteMatched } from './http/no-route.ts';
import { compileTrustedProxies, trustProxies } from './http/visitor.ts';
import { mountFunctions } from './functions/routes.ts';
import { mountMailbox } from './mail/routes.ts';
import { DbUnavailableError } from './db/unavailable.ts';
import { realtimeRoutes } from './realtime/routes.ts';
import { restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';

const STORAGE_PREFIX = '/storage/v1';

export function createApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', corsFor(deps.config));
  app.use('*', trustProxies(compileTrustedProxies(deps.config.trustedProxies)));
  // Edge functions take larger bodies, counted against their own limit by the functions runtime; storage counts
  // uploads against its own file size limits as they stream in.
  const limit = limitBodies(deps.config.limits.maxBodyBytes);
  for (const prefix of SERVICE_PREFIXES.filter((name) => name !== STORAGE_PREFIX)) {
    app.use(prefix, limit);
    app.use(`${prefix}/*`, limit);
  }

  // Links in e-mails are opened by a browser that has no apikey, as behind the Supabase gateway.
  app.route('/auth/v1', openAuthRoutes(deps));
  if (deps.mailer.usesMailbox) mountMailbox(app, deps);

  const gateway = apiKeyGateway(deps.keys);
  for (const prefix of SERVICE_PREFIXES) {
    app.use(prefix, gateway);
    app.use(`${prefix}/*`, gateway);
  }
  app.route('/auth/v1', authRoutes(deps));
  app.route('/rest/v1', restRoutes(deps));
  if (deps.realtime) app.route('/realtime/v1', realtimeRoutes(deps.realtime));
  mountFunctions(app, deps);
  if (deps.storage) app.route(STORAGE_PREFIX, storageRoutes(deps.storage));

  app.notFound(noRouteMatched);
  app.onError((error, c) => {
    if (error instanceof DbUnavailableError) {
      c.header('Retry-After', '1');
      return c.json({ message: 'The database is unavailable. Retry in a moment.' }, 503);
    }
    // Answered for form's sake: the connection is gone.
    if (clientWentAway(error)) return c.json({ message: NOT_RECEIVED_IN_FULL }, 400);
    console.error(`${c.req.method} ${new URL(c.req.url).pathname}:`, error);
    return c.json({ message: 'An unexpected error occurred' }, 500);
  });
  return app;
}
