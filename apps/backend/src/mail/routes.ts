// The mailbox page of the embedded default: the e-mails the server has sent, newest first.
import { Hono } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';

export function mailboxRoutes(_deps: Deps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
