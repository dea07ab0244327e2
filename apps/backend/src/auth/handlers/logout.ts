// POST /logout?scope=global|local|others: ends sessions; their refresh tokens stop working at once and their
// access tokens are refused by every endpoint that checks the session.
import type { UserHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { deleteSession, deleteUserSessions } from '../models/sessions.ts';

export const logout: UserHandler = async (c, deps, { user, session }) => {
  const scope = c.req.query('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope)) {
    throw AuthErrors.validation(`Unsupported logout scope "${scope}"`);
  }
  await deps.db.transaction(async (tx) => {
    if (session && scope === 'local') return deleteSession(tx, session.id);
    if (session && scope === 'others') return deleteUserSessions(tx, user.id, session.id);
    return deleteUserSessions(tx, user.id);
  });
  return c.body(null, 204);
};
