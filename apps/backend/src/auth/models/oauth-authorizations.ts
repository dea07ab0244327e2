// auth.oauth_authorizations and auth.oauth_consents: an application's authorization request (pending until the user
// decides, then approved with a single-use code or denied), and what a user has allowed each application.
import type { Queryable } from '../../db/types.ts';
import { newId } from '../secrets.ts';
import { isoTimestamp, one } from './sql.ts';

export interface AuthorizationRow {
  id: string;
  authorization_id: string;
  client_id: string;
  user_id: string | null;
  redirect_uri: string;
  scope: string;
  state: string | null;
  resource: string | null;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  nonce: string | null;
  status: 'pending' | 'approved' | 'denied' | 'expired';
  authorization_code: string | null;
  expired: boolean;
}

const COLUMNS = `id, authorization_id, client_id, user_id::text as user_id, redirect_uri, scope, state, resource,
  code_challenge, code_challenge_method, nonce, status, authorization_code, expires_at < now() as expired`;

export interface NewAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  resource: string;
  codeChallenge: string;
  codeChallengeMethod: string;
  nonce: string;
  ttlSeconds: number;
}

export async function insertAuthorization(q: Queryable, request: NewAuthorization, authorizationId: string) {
  const blank = (value: string) => (value === '' ? null : value);
  await q.query(
    `insert into auth.oauth_authorizations (id, authorization_id, client_id, redirect_uri, scope, state, resource,
       code_challenge, code_challenge_method, nonce, expires_at)
     values ($1::uuid, $2, $3::uuid, $4, $5, $6, $7, $8, $9, $10, now() + make_interval(secs => $11::float8))`,
    [
      newId(),
      authorizationId,
      request.clientId,
      request.redirectUri,
      request.scope,
      blank(request.state),
      blank(request.resource),
      blank(request.codeChallenge),
      blank(request.codeChallengeMethod.toLowerCase()),
      blank(request.nonce),
      request.ttlSeconds,
    ],
  );
}

export function findAuthorization(q: Queryable, authorizationId: string, lock = false) {
  return one<AuthorizationRow>(
    q,
    `select ${COLUMNS} from auth.oauth_authorizations where authorization_id = $1${lock ? ' for update' : ''}`,
    [authorizationId],
  );
}

export function findApprovedAuthorizationByCode(q: Queryable, code: string) {
  return one<AuthorizationRow>(
    q,
    `select ${COLUMNS} from auth.oauth_authorizations where authorization_code = $1 and status = 'approved'
     for update`,
    [code],
  );
}

export async function setAuthorizationUser(q: Queryable, id: string, userId: string): Promise<void> {
  await q.query('update auth.oauth_authorizations set user_id = $2::uuid where id = $1::uuid', [id, userId]);
}

export async function setAuthorizationStatus(q: Queryable, id: string, status: 'denied' | 'expired'): Promise<void> {
  await q.query(`update auth.oauth_authorizations set status = $2 where id = $1::uuid and status = 'pending'`, [
    id,
    status,
  ]);
}

/** Approves the request and returns its code (a fresh UUID, as GoTrue makes it). */
export async function approveAuthorization(q: Queryable, id: string): Promise<string> {
  const row = await one<{ authorization_code: string }>(
    q,
    `update auth.oauth_authorizations set status = 'approved', approved_at = now(),
       authorization_code = coalesce(authorization_code, $2)
     where id = $1::uuid returning authorization_code`,
    [id, newId()],
  );
  return row!.authorization_code;
}

export async function deleteAuthorization(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.oauth_authorizations where id = $1::uuid', [id]);
}

export interface ConsentRow {
  client_id: string;
  scopes: string;
  granted_at: string;
}

export function findActiveConsent(q: Queryable, userId: string, clientId: string): Promise<ConsentRow | undefined> {
  return one(
    q,
    `select client_id::text as client_id, scopes, ${isoTimestamp('granted_at')} from auth.oauth_consents
     where user_id = $1::uuid and client_id = $2::uuid and revoked_at is null`,
    [userId, clientId],
  );
}

/** The user's standing consents, newest first, for clients that still exist. */
export async function listActiveConsents(q: Queryable, userId: string): Promise<ConsentRow[]> {
  const { rows } = await q.query<ConsentRow>(
    `select c.client_id::text as client_id, c.scopes, ${isoTimestamp('c.granted_at', 'granted_at')}
     from auth.oauth_consents c join auth.oauth_clients k on k.id = c.client_id and k.deleted_at is null
     where c.user_id = $1::uuid and c.revoked_at is null order by c.granted_at desc`,
    [userId],
  );
  return rows;
}

/** Records (or renews, un-revoking) the user's consent to the client's scopes. */
export async function upsertConsent(q: Queryable, userId: string, clientId: string, scopes: string): Promise<void> {
  await q.query(
    `insert into auth.oauth_consents (id, user_id, client_id, scopes) values ($1::uuid, $2::uuid, $3::uuid, $4)
     on conflict (user_id, client_id) do update set scopes = excluded.scopes, granted_at = now(), revoked_at = null`,
    [newId(), userId, clientId, scopes],
  );
}

export async function revokeConsent(q: Queryable, userId: string, clientId: string): Promise<void> {
  await q.query('update auth.oauth_consents set revoked_at = now() where user_id = $1::uuid and client_id = $2::uuid', [
    userId,
    clientId,
  ]);
  // The application's sessions end with its grant.
  await q.query('delete from auth.sessions where user_id = $1::uuid and oauth_client_id = $2::uuid', [
    userId,
    clientId,
  ]);
}
