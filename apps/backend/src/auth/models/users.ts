// auth.users: finding, creating and changing accounts. Emails are compared in lower case; empty identifiers are
// stored as NULL so the unique constraints only apply to real ones.
import type { Queryable } from '../../db/types.ts';
import { assignments, isoTimestamp, one, type ColumnValue } from './sql.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  phone: string | null;
  phone_confirmed_at: string | null;
  phone_change: string | null;
  phone_change_token: string | null;
  phone_change_sent_at: string | null;
  confirmed_at: string | null;
  banned_until: string | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: string | null;
  is_sso_user: boolean;
  deleted_at: string | null;
  is_anonymous: boolean;
}

const TIMESTAMPS = [
  'email_confirmed_at',
  'invited_at',
  'confirmation_sent_at',
  'recovery_sent_at',
  'email_change_sent_at',
  'last_sign_in_at',
  'created_at',
  'updated_at',
  'phone_confirmed_at',
  'phone_change_sent_at',
  'confirmed_at',
  'banned_until',
  'reauthentication_sent_at',
  'deleted_at',
];
const PLAIN = [
  'id',
  'aud',
  'role',
  'email',
  'encrypted_password',
  'confirmation_token',
  'recovery_token',
  'email_change_token_new',
  'email_change',
  'email_change_token_current',
  'email_change_confirm_status',
  'raw_app_meta_data',
  'raw_user_meta_data',
  'phone',
  'phone_change',
  'phone_change_token',
  'reauthentication_token',
  'is_sso_user',
  'is_anonymous',
];
export const USER_COLUMNS = [...PLAIN, ...TIMESTAMPS.map((column) => isoTimestamp(column))].join(', ');

const CASTS: Record<string, string> = {
  email: 'text',
  phone: 'text',
  encrypted_password: 'text',
  role: 'text',
  email_confirmed_at: 'timestamptz',
  invited_at: 'timestamptz',
  confirmation_token: 'text',
  confirmation_sent_at: 'timestamptz',
  recovery_token: 'text',
  recovery_sent_at: 'timestamptz',
  email_change_token_new: 'text',
  email_change: 'text',
  email_change_sent_at: 'timestamptz',
  email_change_token_current: 'text',
  email_change_confirm_status: 'smallint',
  last_sign_in_at: 'timestamptz',
  raw_app_meta_data: 'jsonb',
  raw_user_meta_data: 'jsonb',
  phone_confirmed_at: 'timestamptz',
  phone_change: 'text',
  phone_change_token: 'text',
  phone_change_sent_at: 'timestamptz',
  banned_until: 'timestamptz',
  reauthentication_token: 'text',
  reauthentication_sent_at: 'timestamptz',
  deleted_at: 'timestamptz',
  is_anonymous: 'boolean',
};
export type UserChanges = Partial<Record<keyof typeof CASTS, ColumnValue>>;

export function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  return one(q, `select ${USER_COLUMNS} from auth.users where id = $1::uuid`, [id]);
}

export function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return one(
    q,
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and is_sso_user = false
     order by created_at limit 1`,
    [email],
  );
}

export function findUserByPhone(q: Queryable, phone: string): Promise<UserRow | undefined> {
  return one(q, `select ${USER_COLUMNS} from auth.users where phone = $1`, [phone]);
}

/**
 * The user whose pending e-mail token (in any of the given columns) is `hash`, or, when `orWithPkcePrefix`, the
 * same hash as a PKCE flow stores it.
 */
export function findUserByToken(
  q: Queryable,
  columns: Array<'confirmation_token' | 'recovery_token' | 'email_change_token_current' | 'email_change_token_new'>,
  hash: string,
  orWithPkcePrefix = false,
): Promise<UserRow | undefined> {
  const conditions = columns.map((column) => `"${column}" in ($1, $2)`).join(' or ');
  return one(q, `select ${USER_COLUMNS} from auth.users where ${conditions} limit 1`, [
    hash,
    orWithPkcePrefix ? `pkce_${hash}` : hash,
  ]);
}

export interface NewUser {
  id: string;
  email: string | null;
  phone: string | null;
  encryptedPassword: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  isAnonymous?: boolean;
}

export async function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  // The row is read back after the insert: triggers on auth.users may have changed it.
  await q.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at, is_sso_user, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3, $4,
       $5::jsonb, $6::jsonb, now(), now(), false, $7)`,
    [
      user.id,
      user.email,
      user.phone,
      user.encryptedPassword ?? '',
      user.appMetadata,
      user.userMetadata,
      user.isAnonymous ?? false,
    ],
  );
  return (await findUserById(q, user.id))!;
}

export async function updateUser(q: Queryable, id: string, changes: UserChanges): Promise<UserRow> {
  const { sql, params } = assignments(changes, CASTS, 2);
  const set = sql ? `${sql}, updated_at = now()` : 'updated_at = now()';
  const row = await one<UserRow>(q, `update auth.users set ${set} where id = $1::uuid returning ${USER_COLUMNS}`, [
    id,
    ...params,
  ]);
  if (!row) throw new Error(`user ${id} vanished during an update`);
  return row;
}

export async function deleteUser(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.users where id = $1::uuid', [id]);
}

/**
 * GoTrue's filter of the admin list: a part of the e-mail address (case-sensitive, as addresses are stored in lower
 * case) or of user_metadata.full_name (any case). `%` and `_` in it match as LIKE patterns, as in GoTrue. An empty
 * filter matches everyone.
 */
const USER_FILTER = `($1 = '' or email like '%' || $1 || '%' or raw_user_meta_data->>'full_name' ilike '%' || $1 || '%')`;

export async function countUsers(q: Queryable, filter = ''): Promise<number> {
  const row = await one<{ n: number }>(q, `select count(*)::int as n from auth.users where ${USER_FILTER}`, [filter]);
  return row?.n ?? 0;
}

export async function listUsers(
  q: Queryable,
  limit: number,
  offset: number,
  options: { filter?: string; oldestFirst?: boolean } = {},
): Promise<UserRow[]> {
  const direction = options.oldestFirst ? 'asc' : 'desc';
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where ${USER_FILTER}
     order by created_at ${direction}, id limit $2 offset $3`,
    [options.filter ?? '', limit, offset],
  );
  return rows;
}

/** True when banned_until lies in the future. */
export function isBanned(user: UserRow, now = Date.now()): boolean {
  return user.banned_until !== null && Date.parse(user.banned_until) > now;
}

/** The user waiting to change their number to `phone`. */
export function findUserByPhoneChange(q: Queryable, phone: string): Promise<UserRow | undefined> {
  return one(q, `select ${USER_COLUMNS} from auth.users where phone_change = $1 limit 1`, [phone]);
}
