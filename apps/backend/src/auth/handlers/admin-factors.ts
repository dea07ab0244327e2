// The admin API's MFA endpoints: a user's factors listed, renamed and deleted (service role only).
import { z } from 'zod';
import type { AdminHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { deleteFactor, findFactor, listFactors, renameFactor } from '../models/factors.ts';
import { downgradeSessionsOfFactor } from '../models/sessions.ts';
import { factorJson } from '../models/user-json.ts';
import { readJson, text } from '../request.ts';
import { loadUser } from './admin-users.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const listUserFactors: AdminHandler = async (c, deps) => {
  const user = await loadUser(c, deps);
  return c.json((await listFactors(deps.db, user.id)).map(factorJson));
};

async function loadUserFactor(c: Parameters<AdminHandler>[0], deps: Parameters<AdminHandler>[1]) {
  const user = await loadUser(c, deps);
  const id = c.req.param('factor_id') ?? '';
  const factor = UUID.test(id) ? await findFactor(deps.db, user.id, id) : undefined;
  if (!factor) throw AuthErrors.mfaFactorNotFound();
  return factor;
}

export const deleteUserFactor: AdminHandler = async (c, deps) => {
  const factor = await loadUserFactor(c, deps);
  await deps.db.transaction(async (tx) => {
    await downgradeSessionsOfFactor(tx, factor.id);
    await deleteFactor(tx, factor.id);
  });
  return c.json(factorJson(factor));
};

const UpdateBody = z.object({ friendly_name: text });

export const updateUserFactor: AdminHandler = async (c, deps) => {
  const factor = await loadUserFactor(c, deps);
  const body = await readJson(c, UpdateBody);
  if (body.friendly_name !== '') await renameFactor(deps.db, factor.id, body.friendly_name);
  const updated = await findFactor(deps.db, factor.user_id, factor.id);
  return c.json(factorJson(updated!));
};
