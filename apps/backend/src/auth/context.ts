// What the auth handlers are built from, and the shapes of the route table's handlers.
import type { Context } from 'hono';
import type { Deps } from '../deps.ts';
import type { Claims } from '../keys.ts';
import type { SessionRow } from './models/sessions.ts';
import type { UserRow } from './models/users.ts';
import type { AuthSettings } from './settings.ts';

export interface AuthDeps extends Deps {
  settings: AuthSettings;
}

/** A request whose bearer token is a valid access token of a live session. */
export interface Authenticated {
  claims: Claims;
  user: UserRow;
  session: SessionRow | undefined;
}

export type OpenHandler = (c: Context, deps: AuthDeps) => Promise<Response>;
export type UserHandler = (c: Context, deps: AuthDeps, auth: Authenticated) => Promise<Response>;
export type AdminHandler = (c: Context, deps: AuthDeps, admin: Claims) => Promise<Response>;

/** The redirect the client asked for: `redirect_to` in the query (supabase-js) or, as GoTrue also reads, a header. */
export function requestedRedirect(c: Context): string | undefined {
  return c.req.query('redirect_to') || c.req.header('redirect_to') || undefined;
}

export const userAgentOf = (c: Context) => c.req.header('user-agent') || undefined;
