// The data service's pipeline: authenticate -> parse -> plan -> sql -> execute -> respond. Every stage but
// execute is pure, so a read repeated verbatim reuses its parse, plan and SQL (prepared.ts); failures anywhere are
// errors of the catalog, rendered in one place.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import type { Claims, Keys } from '../keys.ts';
import { assertRoleAllowed, authenticate } from './auth.ts';
import { assertReachable } from '../db/reachable.ts';
import { DbUnavailableError } from '../db/unavailable.ts';
import { ApiError, databaseUnavailable, noSchemaCache } from './errors.ts';
import { execute } from './execute.ts';
import { openApiResponse } from './openapi/document.ts';
import { planRequest } from './plan/plan.ts';
import type { ActionPlan } from './plan/types.ts';
import { createPreparedCache } from './prepared.ts';
import { parseRequest, type RawRequest } from './request/parse.ts';
import type { ApiRequest } from './request/types.ts';
import { errorResponse, respond, type RestResponse } from './respond.ts';
import { createSchemaCacheStore, type SchemaCacheStore } from './schema/store.ts';
import type { SchemaCache } from './schema/types.ts';
import type { SqlStatement } from './sql/fragments.ts';
import { buildStatement, plannedCountStatement } from './sql/statement.ts';

export interface RestService {
  handle(raw: RawRequest, apikeyClaims: Claims): Promise<RestResponse>;
  schemaCache: SchemaCacheStore;
}

/** max-affected limits updates, deletes and function calls, and only with handling=strict, as in PostgREST. */
function maxAffectedOf(request: ApiRequest, plan: ActionPlan): number | undefined {
  const { handling, maxAffected } = request.preferences;
  if (handling !== 'strict' || maxAffected === undefined || plan.kind === 'read') return undefined;
  if (plan.kind === 'mutate' && (plan.mutation === 'create' || plan.mutation === 'upsert')) return undefined;
  return maxAffected;
}

/**
 * `application/vnd.pgrst.object+json` asks for exactly one row: a mutation is held to it whatever `return=` says,
 * so a write touching several rows is undone even when no body is sent back.
 */
function isSingular(plan: ActionPlan): boolean {
  if (plan.kind === 'mutate') return plan.media.kind === 'object';
  return plan.format.kind === 'object';
}

/** tx=rollback where the database lets requests choose; with `db-tx-end` rollback, all but tx=commit. */
function endsRolledBack(request: ApiRequest, cache: SchemaCache): boolean {
  const { transaction } = request.preferences;
  return transaction === 'rollback' || (cache.transactionEnd.rollbackAll && transaction !== 'commit');
}

function plannedCountOptions(plan: ActionPlan): { plannedCount?: SqlStatement; countCap?: number } {
  const plannedCount = plannedCountStatement(plan);
  if (!plannedCount || plan.kind !== 'read') return {};
  return { plannedCount, ...(plan.countCap !== undefined ? { countCap: plan.countCap } : {}) };
}

export function createRestService(deps: { config: Config; db: Db; keys: Keys }): RestService {
  const api = deps.config.project.api;
  const schemaCache = createSchemaCacheStore(deps.db, api.schemas);
  const preparedReads = createPreparedCache();

  async function handle(raw: RawRequest, apikeyClaims: Claims): Promise<RestResponse> {
    const auth = await authenticate(deps.keys, raw.headers.authorization, apikeyClaims);
    const cache = await schemaCache.get().catch((error: unknown) => {
      console.error('schema cache:', (error as Error).message);
      throw noSchemaCache();
    });
    assertRoleAllowed(auth, cache.roles);
    const key = preparedReads.keyOf(raw);
    let prepared = key === undefined ? undefined : preparedReads.get(key, cache);
    if (!prepared) {
      const request = parseRequest(raw, {
        schemas: api.schemas,
        isTimezone: (name) => cache.timezones.has(name),
        allowTransactionOverride: cache.transactionEnd.allowOverride,
      });
      if (request.target.kind === 'root') {
        // The root is also the readiness answer: a 503 while the database is away.
        await assertReachable(deps.db);
        return openApiResponse(request, cache);
      }
      const plan = planRequest(request, cache, { maxRows: api.max_rows });
      prepared = { request, plan, statement: buildStatement(plan) };
      if (key !== undefined) preparedReads.set(key, cache, prepared);
    }
    const { request, plan, statement } = prepared;
    // As PostgREST sets it: the request's schema, then every extra schema, a repeated one included.
    const searchPath = [request.schema, ...api.extra_search_path];
    const result = await execute(
      deps.db,
      {
        role: auth.role,
        claims: auth.claims,
        method: request.method,
        path: raw.path,
        headers: raw.headers,
        searchPath,
      },
      statement,
      {
        singular: isSingular(plan),
        rollback: endsRolledBack(request, cache),
        authenticated: auth.authenticated,
        readOnly: plan.kind === 'call' && request.method !== 'POST',
        ...(plan.format.kind === 'plan' ? { explain: plan.format.format } : {}),
        ...plannedCountOptions(plan),
        put: plan.kind === 'mutate' && plan.mutation === 'upsert',
        writes: plan.kind === 'mutate' || (plan.kind === 'call' && request.method === 'POST'),
        timezone: request.preferences.timezone,
        maxAffected: maxAffectedOf(request, plan),
      },
    );
    return respond(request, plan, result);
  }

  return {
    schemaCache,
    async handle(raw, apikeyClaims) {
      try {
        return await handle(raw, apikeyClaims);
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error);
        if (error instanceof DbUnavailableError) return errorResponse(databaseUnavailable());
        throw error;
      }
    },
  };
}
