// The mailbox of the embedded default, at /mailbox: the e-mails the server has sent, newest first, as pages for
// people and as JSON (GET /mailbox/messages?to=) for tests and tools.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { noRouteMatched } from '../http/no-route.ts';
import { findMessage, listMessages } from './mailbox-store.ts';
import { listPage, MAILBOX_CSP, messagePage } from './pages.ts';

/** Serves the mailbox at /mailbox on `server`. */
export function mountMailbox(server: Hono<AppEnv>, deps: Deps): void {
  const mailbox = mailboxApp(deps);
  server.get('/mailbox', (c) => mailbox.fetch(c.req.raw));
  server.get('/mailbox/*', (c) => mailbox.fetch(c.req.raw));
}

/**
 * Its own application with its own router, reached through one wildcard route: its /mailbox/messages beside
 * /mailbox/:id is a pattern Hono's fastest router refuses, and registered on the server's router it would put every
 * API request on the slower one. Errors go up to the server's error handler.
 */
function mailboxApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>().basePath('/mailbox');
  app.notFound(noRouteMatched);
  app.onError((error) => {
    throw error;
  });
  const html = (body: string) =>
    new Response(body, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': MAILBOX_CSP },
    });
  const idOf = (text: string) => (/^\d{1,15}$/.test(text) ? Number(text) : undefined);

  app.get('/', async (c) => {
    const to = c.req.query('to') || undefined;
    return html(listPage(await listMessages(deps.db, to), to));
  });
  app.get('/messages', async (c) => c.json(await listMessages(deps.db, c.req.query('to') || undefined)));
  app.get('/messages/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const message = id === undefined ? undefined : await findMessage(deps.db, id);
    return message ? c.json(message) : c.json({ message: 'Message not found' }, 404);
  });
  app.get('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const message = id === undefined ? undefined : await findMessage(deps.db, id);
    return message ? html(messagePage(message)) : c.json({ message: 'Message not found' }, 404);
  });
  return app;
}
