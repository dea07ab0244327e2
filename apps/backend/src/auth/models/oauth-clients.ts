// auth.oauth_clients: the applications registered with this project's OAuth 2.1 server. A deleted client keeps its
// row (deleted_at) and is found no more; only a hash of a confidential client's secret is stored.
import type { Queryable } from '../../db/types.ts';
import { isoTimestamp, one } from './sql.ts';

export type ClientType = 'public' | 'confidential';
export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface OAuthClientRow {
  id: string;
  client_secret_hash: string | null;
  registration_type: 'dynamic' | 'manual';
  client_type: ClientType;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  redirect_uris: string[];
  grant_types: string[];
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method, redirect_uris,
  grant_types, client_name, client_uri, logo_uri, ${isoTimestamp('created_at')}, ${isoTimestamp('updated_at')}`;

export function findOAuthClient(q: Queryable, id: string): Promise<OAuthClientRow | undefined> {
  return one(q, `select ${COLUMNS} from auth.oauth_clients where id = $1::uuid and deleted_at is null`, [id]);
}

export async function listOAuthClients(q: Queryable, limit: number, offset: number): Promise<OAuthClientRow[]> {
  const { rows } = await q.query<OAuthClientRow>(
    `select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc, id
     limit $1 offset $2`,
    [limit, offset],
  );
  return rows;
}

export async function countOAuthClients(q: Queryable): Promise<number> {
  const row = await one<{ count: number }>(
    q,
    'select count(*)::int as count from auth.oauth_clients where deleted_at is null',
    [],
  );
  return row?.count ?? 0;
}

export type NewOAuthClient = Omit<OAuthClientRow, 'created_at' | 'updated_at'>;

export async function insertOAuthClient(q: Queryable, client: NewOAuthClient): Promise<OAuthClientRow> {
  return (await one<OAuthClientRow>(
    q,
    `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method,
       redirect_uris, grant_types, client_name, client_uri, logo_uri)
     values ($1::uuid, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9, $10) returning ${COLUMNS}`,
    [
      client.id,
      client.client_secret_hash,
      client.registration_type,
      client.client_type,
      client.token_endpoint_auth_method,
      JSON.stringify(client.redirect_uris),
      JSON.stringify(client.grant_types),
      client.client_name,
      client.client_uri,
      client.logo_uri,
    ],
  ))!;
}

export interface OAuthClientChanges {
  redirect_uris?: string[];
  grant_types?: string[];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  token_endpoint_auth_method?: TokenEndpointAuthMethod;
  client_secret_hash?: string;
}

/** Changes the given fields; an empty text clears client_name, client_uri or logo_uri, as GoTrue stores them. */
export async function updateOAuthClient(
  q: Queryable,
  id: string,
  changes: OAuthClientChanges,
): Promise<OAuthClientRow> {
  const json = (value: string[] | undefined) => (value === undefined ? null : JSON.stringify(value));
  const text = (value: string | undefined) => (value === undefined ? null : value);
  return (await one<OAuthClientRow>(
    q,
    `update auth.oauth_clients set
       redirect_uris = coalesce($2::jsonb, redirect_uris),
       grant_types = coalesce($3::jsonb, grant_types),
       client_name = case when $4::text is null then client_name else nullif($4, '') end,
       client_uri = case when $5::text is null then client_uri else nullif($5, '') end,
       logo_uri = case when $6::text is null then logo_uri else nullif($6, '') end,
       token_endpoint_auth_method = coalesce($7, token_endpoint_auth_method),
       client_secret_hash = coalesce($8, client_secret_hash),
       updated_at = now()
     where id = $1::uuid returning ${COLUMNS}`,
    [
      id,
      json(changes.redirect_uris),
      json(changes.grant_types),
      text(changes.client_name),
      text(changes.client_uri),
      text(changes.logo_uri),
      changes.token_endpoint_auth_method ?? null,
      changes.client_secret_hash ?? null,
    ],
  ))!;
}

export async function softDeleteOAuthClient(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1::uuid', [id]);
}
