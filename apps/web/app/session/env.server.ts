// Server environment: parsed and validated once with a schema; the only module that reads process.env.
import { z } from 'zod';
import type { PublicEnv } from './public-env';

const ONE_HOUR_MS = 60 * 60 * 1000;

// Empty strings count as missing, so `SUPABASE_URL= node server.js` is refused like an unset variable.
const optional = (value: unknown) => (value === '' ? undefined : value);

const serverEnvSchema = z.object({
  SUPABASE_URL: z.preprocess(optional, z.url({ protocol: /^https?$/ })),
  SUPABASE_ANON_KEY: z.preprocess(optional, z.string().min(1)),
  PORT: z.preprocess(optional, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(optional, z.string().min(1).default('127.0.0.1')),
  BUILD_CHECK_INTERVAL_MS: z.preprocess(optional, z.coerce.number().int().positive().default(ONE_HOUR_MS)),
  // Express's "trust proxy" setting for a web server behind a load balancer ("loopback", "10.0.0.0/8", ...): the
  // visitor's address is then read from X-Forwarded-For. Unset: the connection's own address.
  TRUST_PROXY: z.preprocess(optional, z.string().optional()),
});

export type ServerEnv = z.infer<typeof serverEnvSchema>;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Validates a set of variables; the error names every missing or invalid one. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = serverEnvSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return optional(source[name]) === undefined ? `${name} is required` : `${name} is invalid (${issue.message})`;
  });
  throw new EnvError(`Invalid environment: ${problems.join('; ')}`);
}

let cachedEnv: ServerEnv | undefined;

/** The process environment, validated on first use and then reused. */
export function getServerEnv(): ServerEnv {
  cachedEnv ??= parseServerEnv(process.env);
  return cachedEnv;
}

export function toPublicEnv(env: ServerEnv): PublicEnv {
  return {
    SUPABASE_URL: env.SUPABASE_URL,
    SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY,
    BUILD_CHECK_INTERVAL_MS: env.BUILD_CHECK_INTERVAL_MS,
  };
}
