// The environment a function's process starts with, and nothing else of the backend's: the variables Supabase gives
// every function (URL, keys, JWKS, database URL) and the project's secrets from the env file. As the Supabase CLI
// does, a secret may not take a SUPABASE_ name; such lines are skipped with a warning.
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import type { Config } from '../config.ts';
import type { Keys } from '../keys.ts';

/** The project's secrets, read again for every process started, so an edited file counts from the next start. */
export function readSecrets(envFile: string, warn: (message: string) => void): Record<string, string> {
  if (!existsSync(envFile)) return {};
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseEnv(readFileSync(envFile, 'utf8')))) {
    if (name.startsWith('SUPABASE_')) warn(`${envFile}: ${name} is skipped, a secret cannot start with SUPABASE_`);
    else if (value !== undefined) secrets[name] = value;
  }
  return secrets;
}

export function platformEnv(config: Config, keys: Keys): Record<string, string> {
  const env: Record<string, string> = {
    SUPABASE_URL: config.apiExternalUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(keys.jwks),
  };
  if (config.databaseUrl) env.SUPABASE_DB_URL = config.databaseUrl;
  return env;
}
