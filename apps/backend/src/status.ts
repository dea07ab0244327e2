// `npm run status`: the API URL, the mailbox URL and the API keys of the embedded backend for the current
// DATA_DIR, with the names and labels `supabase status` uses (`-- --json` for JSON).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_KEYS_FILE, type ApiKeys } from './api-keys.ts';
import { loadConfig } from './config.ts';
import { readFunctionsReport } from './functions/check.ts';
import { describeFunctions } from './functions/status.ts';

const config = loadConfig();
const file = path.join(config.dataDir, API_KEYS_FILE);
if (!existsSync(file)) {
  console.error(
    `No backend has started with DATA_DIR=${config.dataDir} yet: run \`npm start\` or \`npm run backend\` first.`,
  );
  process.exit(1);
}
// A folder last used by an older backend has no opaque keys yet; the next start adds them.
const keys = JSON.parse(readFileSync(file, 'utf8')) as Partial<ApiKeys>;
const apiUrl = config.apiExternalUrl;
const status: Record<string, string | undefined> = {
  API_URL: apiUrl,
  REST_URL: `${apiUrl}/rest/v1`,
  AUTH_URL: `${apiUrl}/auth/v1`,
  FUNCTIONS_URL: `${apiUrl}/functions/v1`,
  MAILBOX_URL: config.project.auth.email.smtp?.enabled ? undefined : `${apiUrl}/mailbox`,
  DB: config.databaseUrl ? 'postgresql' : `pglite:${path.join(config.dataDir, 'pgdata')}`,
  PUBLISHABLE_KEY: keys.publishableKey,
  SECRET_KEY: keys.secretKey,
  ANON_KEY: keys.anonKey,
  SERVICE_ROLE_KEY: keys.serviceRoleKey,
};
const functions = readFunctionsReport(config.dataDir) ?? [];
if (process.argv.includes('--json') || process.argv.includes('-o=json')) {
  console.log(JSON.stringify({ ...status, FUNCTIONS: functions }, null, 2));
} else {
  const labels: Record<string, string> = {
    API_URL: 'API URL',
    REST_URL: 'REST URL',
    AUTH_URL: 'Auth URL',
    FUNCTIONS_URL: 'Functions URL',
    MAILBOX_URL: 'Mailbox URL',
    DB: 'Database',
    PUBLISHABLE_KEY: 'Publishable key',
    SECRET_KEY: 'Secret key',
    ANON_KEY: 'anon key',
    SERVICE_ROLE_KEY: 'service_role key',
  };
  for (const [key, value] of Object.entries(status)) {
    if (value !== undefined) console.log(`${labels[key].padStart(16)}: ${value}`);
  }
  if (functions.length > 0) console.log(`${'Functions'.padStart(16)}:`);
  for (const line of describeFunctions(functions, apiUrl)) console.log(`    ${line}`);
}
