// The mailbox of the embedded default, at /mailbox: the e-mails the server has sent, newest first, as pages for
// people and as JSON (GET /mailbox/messages?to=) for tests and tools.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { findMessage, listMessages } from './mailbox-store.ts';
import { listPage, MAILBOX_CSP, messagePage } from './pages.ts';

export function mailboxRoutes(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
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
