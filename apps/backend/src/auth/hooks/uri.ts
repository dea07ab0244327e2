// The URI of an auth hook ([auth.hook.<name>] uri) read into the Postgres function it names.

/** A pg-functions hook URI split into the function's schema and name, or a reason why it cannot be one. */
export type HookFunction = { schema: string; name: string } | { problem: string };

// GoTrue's rule for the schema and function names of a pg-functions URI.
const POSTGRES_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}$/;

/**
 * Reads `pg-functions://postgres/<schema>/<function>` as GoTrue does: the host is not used, the path names the
 * function. Only Postgres function hooks are run by the embedded backend: HTTP hooks would need GoTrue's signed
 * webhooks with their retries and timeouts, a second contract the product does not use.
 */
export function parseHookUri(uri: string): HookFunction {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1]?.toLowerCase();
  if (scheme === 'http' || scheme === 'https') {
    return {
      problem:
        'the embedded backend runs only Postgres function hooks (pg-functions://postgres/<schema>/<function>); ' +
        'HTTP hooks need hosted Supabase or the Supabase CLI',
    };
  }
  if (scheme !== 'pg-functions') {
    return { problem: 'should be a pg-functions URI (pg-functions://postgres/<schema>/<function>)' };
  }
  const [, schema, name] = uri.replace(/^pg-functions:\/\/[^/]*/i, '').split('/');
  if (schema === undefined || name === undefined) {
    return { problem: 'URI path does not contain enough parts (pg-functions://postgres/<schema>/<function>)' };
  }
  if (!POSTGRES_NAME.test(schema)) return { problem: `invalid schema name: ${schema}` };
  if (!POSTGRES_NAME.test(name)) return { problem: `invalid function name: ${name}` };
  return { schema, name };
}
