// OAuth client management as GoTrue serves it: the admin API (POST/GET /admin/oauth/clients, GET/PUT/DELETE
// /admin/oauth/clients/{client_id}, POST .../regenerate_secret) and dynamic registration (POST /oauth/clients/register,
// only with [auth.oauth_server] allow_dynamic_registration).
import type { Context } from 'hono';
import { z } from 'zod';
import type { AdminHandler, AuthDeps, OpenHandler } from '../context.ts';
import { AuthError } from '../errors.ts';
import {
  countOAuthClients,
  findOAuthClient,
  insertOAuthClient,
  listOAuthClients,
  softDeleteOAuthClient,
  updateOAuthClient,
  type OAuthClientRow,
} from '../models/oauth-clients.ts';
import {
  checkDescription,
  checkGrantTypes,
  checkRedirectUris,
  clientJson,
  clientTypeAndMethod,
  GRANT_TYPES,
  newClientSecret,
} from '../oauth-server/clients.ts';
import { lastPage, readPage } from '../pagination.ts';
import { newId } from '../secrets.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalText = z.string().nullish();
const optionalList = z.array(z.string()).nullish();

async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AuthError(400, 'bad_json', 'Invalid JSON body');
  return parsed.data;
}

const RegisterBody = z.object({
  redirect_uris: optionalList,
  client_type: optionalText,
  token_endpoint_auth_method: optionalText,
  grant_types: optionalList,
  client_name: optionalText,
  client_uri: optionalText,
  logo_uri: optionalText,
});

async function register(c: Context, deps: AuthDeps, registrationType: 'dynamic' | 'manual'): Promise<Response> {
  const body = await readBody(c, RegisterBody);
  checkRedirectUris(body.redirect_uris ?? undefined, true);
  if (body.grant_types && body.grant_types.length > 0) checkGrantTypes(body.grant_types);
  const description = {
    client_name: body.client_name ?? '',
    client_uri: body.client_uri ?? '',
    logo_uri: body.logo_uri ?? '',
  };
  checkDescription(description);
  const { clientType, method } = clientTypeAndMethod(body.client_type ?? '', body.token_endpoint_auth_method ?? '');
  const secret = clientType === 'confidential' ? newClientSecret() : undefined;
  const client = await insertOAuthClient(deps.db, {
    id: newId(),
    client_secret_hash: secret?.hash ?? null,
    registration_type: registrationType,
    client_type: clientType,
    token_endpoint_auth_method: method,
    redirect_uris: body.redirect_uris!,
    grant_types: body.grant_types && body.grant_types.length > 0 ? body.grant_types : GRANT_TYPES,
    client_name: description.client_name || null,
    client_uri: description.client_uri || null,
    logo_uri: description.logo_uri || null,
  });
  return c.json(clientJson(client, secret?.secret), 201);
}

export const adminRegisterClient: AdminHandler = (c, deps) => register(c, deps, 'manual');

export const dynamicRegisterClient: OpenHandler = (c, deps) => {
  if (!deps.settings.oauthServer.dynamicRegistration) {
    throw new AuthError(
      403,
      'oauth_dynamic_client_registration_disabled',
      'Dynamic client registration is not enabled',
    );
  }
  return register(c, deps, 'dynamic');
};

async function loadClient(c: Context, deps: AuthDeps): Promise<OAuthClientRow> {
  const id = c.req.param('client_id') ?? '';
  if (!UUID.test(id)) throw new AuthError(400, 'validation_failed', 'invalid client_id format');
  const client = await findOAuthClient(deps.db, id);
  if (!client) throw new AuthError(404, 'oauth_client_not_found', 'OAuth client not found');
  return client;
}

export const adminListClients: AdminHandler = async (c, deps) => {
  const { page, perPage } = readPage((name) => c.req.query(name));
  const total = await countOAuthClients(deps.db);
  const clients = await listOAuthClients(deps.db, perPage, (page - 1) * perPage);
  // Paged as the admin user list is, which is what supabase-js reads (page first in each link).
  const link = (n: number) => `</admin/oauth/clients?page=${n}&per_page=${perPage}>`;
  const next = total > page * perPage ? [`${link(page + 1)}; rel="next"`] : [];
  c.header('Link', [...next, `${link(lastPage(total, perPage))}; rel="last"`].join(', '));
  c.header('X-Total-Count', String(total));
  return c.json({ clients: clients.map((client) => clientJson(client)) });
};

export const adminGetClient: AdminHandler = async (c, deps) => c.json(clientJson(await loadClient(c, deps)));

const UpdateBody = z.object({
  redirect_uris: optionalList,
  grant_types: optionalList,
  client_name: optionalText,
  client_uri: optionalText,
  logo_uri: optionalText,
  token_endpoint_auth_method: optionalText,
});

export const adminUpdateClient: AdminHandler = async (c, deps) => {
  const client = await loadClient(c, deps);
  const body = await readBody(c, UpdateBody);
  const given = Object.entries(body).filter(([, value]) => value !== undefined && value !== null);
  if (given.length === 0) throw new AuthError(400, 'validation_failed', 'No fields provided for update');
  if (body.redirect_uris) checkRedirectUris(body.redirect_uris, false);
  if (body.grant_types) checkGrantTypes(body.grant_types);
  checkDescription({
    client_name: body.client_name ?? '',
    client_uri: body.client_uri ?? '',
    logo_uri: body.logo_uri ?? '',
  });
  const method = body.token_endpoint_auth_method
    ? clientTypeAndMethod(client.client_type, body.token_endpoint_auth_method).method
    : undefined;
  const updated = await updateOAuthClient(deps.db, client.id, {
    redirect_uris: body.redirect_uris ?? undefined,
    grant_types: body.grant_types ?? undefined,
    client_name: body.client_name ?? undefined,
    client_uri: body.client_uri ?? undefined,
    logo_uri: body.logo_uri ?? undefined,
    token_endpoint_auth_method: method,
  });
  return c.json(clientJson(updated));
};

export const adminDeleteClient: AdminHandler = async (c, deps) => {
  const client = await loadClient(c, deps);
  await softDeleteOAuthClient(deps.db, client.id);
  return c.body(null, 204);
};

export const adminRegenerateSecret: AdminHandler = async (c, deps) => {
  const client = await loadClient(c, deps);
  if (client.client_type !== 'confidential') {
    throw new AuthError(400, 'validation_failed', 'Cannot regenerate secret for public client');
  }
  const { secret, hash } = newClientSecret();
  const updated = await updateOAuthClient(deps.db, client.id, { client_secret_hash: hash });
  return c.json(clientJson(updated, secret));
};
