// The HTTP application inside the server build: the build manifests, then React Router's request handler.
import { createRequestHandler } from '@react-router/express';
import express from 'express';
import { RouterContextProvider } from 'react-router';
import * as build from 'virtual:react-router/server-build';
import { buildInfoContext } from '../app/features/deployments/build-info.server';
import type { BuildManifest } from '../app/features/deployments/build-watcher';
import { getServerEnv, type ServerEnv } from '../app/session/env.server';
import { visitorAddressContext } from '../app/session/request-context.server';
import { buildManifestRoutes } from './build-manifest';

export { EnvError } from '../app/session/env.server';

/** Validates the environment once; throws an EnvError naming every missing or invalid variable. */
export function loadEnv(): ServerEnv {
  return getServerEnv();
}

/** Replaced at build time by vite.config.ts. */
declare const __BUILD_TIME__: number;

/**
 * The build's identity: React Router's manifest version (changes with the code) and the build time (changes with
 * every build, so redeploying is noticed even when the code did not change).
 */
export function currentBuild(): BuildManifest {
  return { id: `${build.assets.version}-${__BUILD_TIME__.toString(36)}`, timestamp: __BUILD_TIME__ };
}

export function createApp(): express.Express {
  const buildInfo = currentBuild();
  const app = express();
  app.disable('x-powered-by');
  app.use(buildManifestRoutes(buildInfo));
  app.use(
    createRequestHandler({
      build,
      getLoadContext(request) {
        const context = new RouterContextProvider();
        context.set(buildInfoContext, buildInfo);
        // Express's own reading of the address: the socket's, or X-Forwarded-For from proxies TRUST_PROXY names.
        context.set(visitorAddressContext, request.ip ?? null);
        return context;
      },
    }),
  );
  return app;
}
