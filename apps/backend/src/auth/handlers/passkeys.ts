// The signed-in user's passkeys (GET /passkeys, PATCH and DELETE /passkeys/{passkey_id}) and the admin API's view of
// a user's passkeys, answered as GoTrue answers them; the /passkeys routes exist only while [auth.passkey] is on.
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AdminHandler, AuthDeps, UserHandler } from '../context.ts';
import type { AuthSettings } from '../settings.ts';
import { AuthErrors } from '../errors.ts';
import { deletePasskey, findPasskey, listPasskeys, renamePasskey, type PasskeyRow } from '../models/passkeys.ts';
import { passkeyJson, requirePasskeyManagementAal, UUID } from '../passkeys/common.ts';
import { readJson, text } from '../request.ts';
import { loadUser } from './admin-users.ts';

/** GoTrue's requirePasskeyEnabled: every /passkeys request answers 404 while passkeys are off, before any other check. */
export function passkeysGate(settings: AuthSettings): MiddlewareHandler {
  return async (_c, next) => {
    if (!settings.passkey.enabled) throw AuthErrors.passkeysDisabled();
    await next();
  };
}

async function loadPasskey(c: Context, deps: AuthDeps, userId: string): Promise<PasskeyRow> {
  const id = c.req.param('passkey_id') ?? '';
  const passkey = UUID.test(id) ? await findPasskey(deps.db, userId, id) : undefined;
  if (!passkey) throw AuthErrors.passkeyNotFound();
  return passkey;
}

export const listOwnPasskeys: UserHandler = async (c, deps, { user }) =>
  c.json((await listPasskeys(deps.db, user.id)).map(passkeyJson));

const UpdateBody = z.object({ friendly_name: text });

export const updateOwnPasskey: UserHandler = async (c, deps, { user }) => {
  const id = c.req.param('passkey_id') ?? '';
  if (!UUID.test(id)) throw AuthErrors.passkeyNotFound();
  const body = await readJson(c, UpdateBody);
  if (body.friendly_name === '') throw AuthErrors.validation('friendly_name is required');
  if ([...body.friendly_name].length > 120) throw AuthErrors.validation('friendly_name must be 120 characters or less');
  const passkey = await loadPasskey(c, deps, user.id);
  return c.json(passkeyJson(await renamePasskey(deps.db, passkey.id, body.friendly_name)));
};

export const deleteOwnPasskey: UserHandler = async (c, deps, auth) => {
  await requirePasskeyManagementAal(deps.db, auth);
  const passkey = await loadPasskey(c, deps, auth.user.id);
  await deletePasskey(deps.db, passkey.id);
  return c.body(null, 204);
};

export const adminListPasskeys: AdminHandler = async (c, deps) => {
  const user = await loadUser(c, deps);
  return c.json((await listPasskeys(deps.db, user.id)).map(passkeyJson));
};

export const adminDeletePasskey: AdminHandler = async (c, deps) => {
  const user = await loadUser(c, deps);
  const passkey = await loadPasskey(c, deps, user.id);
  await deletePasskey(deps.db, passkey.id);
  return c.body(null, 204);
};
