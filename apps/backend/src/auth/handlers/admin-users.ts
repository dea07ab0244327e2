// The admin API's reading and deleting of users: GET /admin/users (paged, with GoTrue's Link and X-Total-Count
// headers), GET /admin/users/{id}, DELETE /admin/users/{id} (hard, or soft with should_soft_delete).
import type { Context } from 'hono';
import { z } from 'zod';
import type { AdminHandler, AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { listFactors } from '../models/factors.ts';
import { deleteIdentities, findIdentities } from '../models/identities.ts';
import { deleteUserSessions } from '../models/sessions.ts';
import { NOW } from '../models/sql.ts';
import { userJson } from '../models/user-json.ts';
import { countUsers, deleteUser, findUserById, listUsers, updateUser, type UserRow } from '../models/users.ts';
import { lastPage, readPage } from '../pagination.ts';
import { flag, readOptionalJson } from '../request.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The user named by the path's {user_id}, as GoTrue's loadUser finds it. */
export async function loadUser(c: Context, deps: AuthDeps): Promise<UserRow> {
  const id = c.req.param('user_id') ?? '';
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(deps.db, id);
  if (!user) throw AuthErrors.userNotFound();
  return user;
}

/**
 * GoTrue's `sort` parameter of the admin list: "created_at" with an optional direction (newest first by default).
 * True when the oldest come first.
 */
function oldestFirst(values: string[] | undefined): boolean {
  const ascending = (values ?? []).map((value) => {
    const [field, direction] = value.split(/ (.*)/s);
    if (field !== 'created_at') throw AuthErrors.validation(`Bad Sort Parameters: bad field for sort '${field}'`);
    if (direction === undefined || direction.toUpperCase() === 'DESC') return false;
    if (direction.toUpperCase() === 'ASC') return true;
    throw AuthErrors.validation(
      `Bad Sort Parameters: bad direction for sort '${direction}', only 'asc' and 'desc' allowed`,
    );
  });
  // Each value adds an ORDER BY term, so the first decides.
  return ascending[0] ?? false;
}

export const listAllUsers: AdminHandler = async (c, deps) => {
  const { page, perPage } = readPage((name) => c.req.query(name));
  const ascending = oldestFirst(c.req.queries('sort'));
  const filter = c.req.query('filter') ?? '';
  const total = await countUsers(deps.db, filter);
  const rows = await listUsers(deps.db, perPage, (page - 1) * perPage, { filter, oldestFirst: ascending });
  const users = await Promise.all(
    rows.map(async (row) => userJson(row, await findIdentities(deps.db, row.id), await listFactors(deps.db, row.id))),
  );
  // auth-js reads the page number right after "page=", so page comes first, as in GoTrue's sorted query.
  const link = (n: number) => `</admin/users?page=${n}&per_page=${perPage}>`;
  const last = lastPage(total, perPage);
  const links = [...(total > page * perPage ? [`${link(page + 1)}; rel="next"`] : []), `${link(last)}; rel="last"`];
  c.header('Link', links.join(', '));
  c.header('X-Total-Count', String(total));
  return c.json({ users, aud: 'authenticated' });
};

export const getUserById: AdminHandler = async (c, deps) => {
  const user = await loadUser(c, deps);
  return c.json(userJson(user, await findIdentities(deps.db, user.id), await listFactors(deps.db, user.id)));
};

const DeleteBody = z.object({ should_soft_delete: flag });

/** A soft-deleted account keeps its row (and id) but can no longer be found by its address or signed in to. */
async function softDelete(deps: AuthDeps, user: UserRow): Promise<void> {
  if (user.deleted_at) return;
  const obfuscate = (value: string | null) =>
    value ? `deleted-${user.id}-${Buffer.from(value).toString('hex').slice(0, 16)}` : null;
  await deps.db.transaction(async (tx) => {
    await updateUser(tx, user.id, {
      email: obfuscate(user.email),
      phone: obfuscate(user.phone),
      email_change: '',
      phone_change: '',
      phone_change_token: '',
      // Nothing the person wrote or was given stays behind.
      raw_user_meta_data: {},
      raw_app_meta_data: {},
      encrypted_password: '',
      confirmation_token: '',
      recovery_token: '',
      email_change_token_current: '',
      email_change_token_new: '',
      deleted_at: NOW,
    });
    await deleteIdentities(tx, user.id);
    await deleteUserSessions(tx, user.id);
  });
}

export const deleteUserById: AdminHandler = async (c, deps) => {
  const user = await loadUser(c, deps);
  const body = await readOptionalJson(c, DeleteBody);
  if (body.should_soft_delete) await softDelete(deps, user);
  else await deps.db.transaction((tx) => deleteUser(tx, user.id));
  return c.json({});
};
