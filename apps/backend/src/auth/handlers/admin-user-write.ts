// The admin API's creating and changing of users: POST /admin/users and PUT /admin/users/{id}. Addresses can be
// confirmed directly (email_confirm, phone_confirm); no e-mail is sent.
import { z } from 'zod';
import type { Queryable } from '../../db/types.ts';
import type { AdminHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { confirmEmail, confirmPhone, createAccount, mergeMetadata } from '../flows/accounts.ts';
import { findIdentities, insertIdentity, mergeIdentityData } from '../models/identities.ts';
import { deleteUserSessions } from '../models/sessions.ts';
import { userJson } from '../models/user-json.ts';
import { findUserByEmail, findUserByPhone, updateUser, type UserChanges, type UserRow } from '../models/users.ts';
import { assertHashable, checkPasswordStrength, hashPassword } from '../password.ts';
import { flag, metadata, optionalText, readJson, text } from '../request.ts';
import { generateUnusablePassword } from '../secrets.ts';
import { parseDurationMs } from '../settings.ts';
import { validateEmail, validatePhone } from '../validate.ts';
import { loadUser } from './admin-users.ts';

const AdminUserBody = z.object({
  id: text,
  role: text,
  email: text,
  phone: text,
  password: optionalText,
  password_hash: text,
  email_confirm: flag,
  phone_confirm: flag,
  user_metadata: metadata,
  app_metadata: metadata,
  ban_duration: text,
});
type AdminUserBody = z.output<typeof AdminUserBody>;

/** banned_until for a Go duration ("24h", "1h30m"), or null for "none". */
function bannedUntil(duration: string): string | null | undefined {
  if (duration === '') return undefined;
  if (duration === 'none') return null;
  try {
    return new Date(Date.now() + parseDurationMs(duration)).toISOString();
  } catch {
    throw AuthErrors.validation(`invalid format for ban duration: time: invalid duration "${duration}"`);
  }
}

/** The changes both endpoints apply after the row exists: role, confirmations, metadata, ban. */
async function applyCommonChanges(tx: Queryable, user: UserRow, body: AdminUserBody): Promise<UserRow> {
  const changes: UserChanges = {};
  if (body.role !== '') changes.role = body.role;
  if (body.app_metadata) changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, body.app_metadata);
  if (body.user_metadata) changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, body.user_metadata);
  const ban = bannedUntil(body.ban_duration);
  if (ban !== undefined) changes.banned_until = ban;
  let current = Object.keys(changes).length > 0 ? await updateUser(tx, user.id, changes) : user;
  if (body.email_confirm && current.email) current = await confirmEmail(tx, current);
  if (body.phone_confirm && current.phone) current = await confirmPhone(tx, current);
  return current;
}

export const createUser: AdminHandler = async (c, deps) => {
  const body = await readJson(c, AdminUserBody);
  if (body.email === '' && body.phone === '')
    throw AuthErrors.validation('Cannot create a user without either an email or phone');
  const email = body.email !== '' ? validateEmail(body.email) : undefined;
  const phone = body.phone !== '' ? validatePhone(body.phone) : undefined;
  if (email && (await findUserByEmail(deps.db, email))) throw AuthErrors.emailExists();
  if (phone && (await findUserByPhone(deps.db, phone))) throw AuthErrors.phoneExists();
  if (body.password && body.password_hash !== '')
    throw AuthErrors.validation('Only a password or a password hash should be provided');
  if (body.id !== '' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(body.id)) {
    throw AuthErrors.validation('ID must conform to the uuid v4 format');
  }
  if (/^[0-]+$/.test(body.id)) throw AuthErrors.validation('ID cannot be a nil uuid');
  if (body.password) assertHashable(body.password);
  bannedUntil(body.ban_duration);
  const passwordHash =
    body.password_hash !== '' ? body.password_hash : await hashPassword(body.password || generateUnusablePassword());

  const user = await deps.db.transaction(async (tx) => {
    const created = await createAccount(tx, {
      id: body.id || undefined,
      email,
      phone,
      passwordHash,
      userMetadata: body.user_metadata ?? {},
    });
    const current = await applyCommonChanges(tx, created, body);
    return userJson(current, await findIdentities(tx, current.id));
  });
  return c.json(user);
};

export const updateUserById: AdminHandler = async (c, deps) => {
  const user = await loadUser(c, deps);
  const body = await readJson(c, AdminUserBody);
  const email = body.email !== '' ? validateEmail(body.email) : undefined;
  const phone = body.phone !== '' ? validatePhone(body.phone) : undefined;
  if (email && email !== user.email && (await findUserByEmail(deps.db, email))) throw AuthErrors.emailExists();
  if (phone && phone !== user.phone && (await findUserByPhone(deps.db, phone))) throw AuthErrors.phoneExists();
  bannedUntil(body.ban_duration);
  if (body.password !== undefined) checkPasswordStrength(body.password, deps.settings);
  const passwordHash = body.password !== undefined ? await hashPassword(body.password) : undefined;

  const updated = await deps.db.transaction(async (tx) => {
    let current = user;
    if (passwordHash !== undefined) {
      current = await updateUser(tx, current.id, { encrypted_password: passwordHash });
      // A password set by an administrator signs the user out everywhere.
      await deleteUserSessions(tx, current.id);
    }
    for (const [provider, value, verified] of [
      ['email', email, body.email_confirm],
      ['phone', phone, body.phone_confirm],
    ] as const) {
      if (!value) continue;
      const patch = { [provider]: value, [`${provider}_verified`]: !!verified };
      if (!(await mergeIdentityData(tx, current.id, provider, patch))) {
        await insertIdentity(tx, {
          userId: current.id,
          provider,
          identityData: { sub: current.id, email_verified: false, phone_verified: false, ...patch },
        });
      }
      current = await updateUser(tx, current.id, {
        [provider]: value,
        // An anonymous user given a confirmed address or number becomes a permanent one.
        ...(current.is_anonymous && verified ? { is_anonymous: false } : {}),
      });
    }
    current = await applyCommonChanges(tx, current, body);
    return userJson(current, await findIdentities(tx, current.id));
  });
  return c.json(updated);
};
