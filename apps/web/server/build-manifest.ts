// Serves the running build's manifest, which open pages poll to notice a new deployment.
import { Router } from 'express';
import type { BuildManifest } from '../app/features/deployments/build-watcher';

/**
 * GET /builds/latest.json: the running build ({id, timestamp}).
 * GET /builds/meta/{id}.json: that build's manifest, only for the id that is running (404 for any other).
 */
export function buildManifestRoutes(build: BuildManifest): Router {
  const router = Router();
  const send = (response: import('express').Response) =>
    response.set('Cache-Control', 'no-cache, no-store, must-revalidate').json(build);

  router.get('/builds/latest.json', (_request, response) => void send(response));
  router.get('/builds/meta/:file', (request, response) => {
    if (request.params.file === `${build.id}.json`) return void send(response);
    response.status(404).set('Cache-Control', 'no-store').json({ error: 'Unknown build' });
  });
  return router;
}
