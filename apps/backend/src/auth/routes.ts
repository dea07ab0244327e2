// The auth service's route table (GoTrue-compatible), mounted at /auth/v1: every route with its guard, in one place.
import { Hono, type Context } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import type { AdminHandler, AuthDeps, OpenHandler, UserHandler } from './context.ts';
import { authenticateAdmin, authenticateUser } from './guards.ts';
import { createUser, updateUserById } from './handlers/admin-user-write.ts';
import { deleteUserById, getUserById, listAllUsers } from './handlers/admin-users.ts';
import { invite } from './handlers/invite.ts';
import { logout } from './handlers/logout.ts';
import { otp } from './handlers/otp.ts';
import { reauthenticate } from './handlers/reauthenticate.ts';
import { recover } from './handlers/recover.ts';
import { resend } from './handlers/resend.ts';
import { health, settings } from './handlers/settings.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { getUser, updateCurrentUser } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';
import { renderAuthError } from './respond.ts';
import { authSettings } from './settings.ts';

/** Guards: who may call a handler. */
function guards(deps: AuthDeps) {
  return {
    open: (handler: OpenHandler) => (c: Context) => handler(c, deps),
    user: (handler: UserHandler) => async (c: Context) => handler(c, deps, await authenticateUser(c, deps)),
    admin: (handler: AdminHandler) => async (c: Context) => handler(c, deps, await authenticateAdmin(c, deps)),
  };
}

function authApp(deps: Deps): { app: Hono<AppEnv>; allow: ReturnType<typeof guards> } {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => renderAuthError(c, error));
  return { app, allow: guards({ ...deps, settings: authSettings(deps.config) }) };
}

/** Routes reached without an apikey, as behind the Supabase gateway: e-mail links and the public key set. */
export function openAuthRoutes(deps: Deps): Hono<AppEnv> {
  const { app, allow } = authApp(deps);
  app.get('/.well-known/jwks.json', (c) => c.json(deps.keys.jwks));
  app.get('/verify', allow.open(verifyGet));
  return app;
}

export function authRoutes(deps: Deps): Hono<AppEnv> {
  const { app, allow } = authApp(deps);
  app.get('/health', allow.open(health));
  app.get('/settings', allow.open(settings));

  app.post('/signup', allow.open(signup));
  app.post('/token', allow.open(token));
  app.post('/verify', allow.open(verifyPost));
  app.post('/otp', allow.open(otp));
  app.post('/magiclink', allow.open(otp));
  app.post('/recover', allow.open(recover));
  app.post('/resend', allow.open(resend));

  app.get('/user', allow.user(getUser));
  app.put('/user', allow.user(updateCurrentUser));
  app.post('/logout', allow.user(logout));
  app.get('/reauthenticate', allow.user(reauthenticate));

  app.post('/invite', allow.admin(invite));
  app.get('/admin/users', allow.admin(listAllUsers));
  app.post('/admin/users', allow.admin(createUser));
  app.get('/admin/users/:user_id', allow.admin(getUserById));
  app.put('/admin/users/:user_id', allow.admin(updateUserById));
  app.delete('/admin/users/:user_id', allow.admin(deleteUserById));
  return app;
}
