// `npm run status`: the API URL, the mailbox URL and the local API keys of the embedded backend for the current
// DATA_DIR, as `supabase status` prints them (`-- --json` for JSON).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';

const config = loadConfig();
const file = path.join(config.dataDir, 'api_keys.json');
if (!existsSync(file)) {
  console.error(
    `No backend has started with DATA_DIR=${config.dataDir} yet: run \`npm start\` or \`npm run backend\` first.`,
  );
  process.exit(1);
}
const { anonKey, serviceRoleKey } = JSON.parse(readFileSync(file, 'utf8')) as {
  anonKey: string;
  serviceRoleKey: string;
};
const apiUrl = config.apiExternalUrl;
const status = {
  API_URL: apiUrl,
  REST_URL: `${apiUrl}/rest/v1`,
  AUTH_URL: `${apiUrl}/auth/v1`,
  MAILBOX_URL: config.project.auth.email.smtp?.enabled ? undefined : `${apiUrl}/mailbox`,
  ANON_KEY: anonKey,
  SERVICE_ROLE_KEY: serviceRoleKey,
  DB: config.databaseUrl ? 'postgresql' : `pglite:${path.join(config.dataDir, 'pgdata')}`,
};
if (process.argv.includes('--json') || process.argv.includes('-o=json')) {
  console.log(JSON.stringify(status, null, 2));
} else {
  const labels: Record<string, string> = {
    API_URL: 'API URL',
    REST_URL: 'REST URL',
    AUTH_URL: 'Auth URL',
    MAILBOX_URL: 'Mailbox URL',
    ANON_KEY: 'anon key',
    SERVICE_ROLE_KEY: 'service_role key',
    DB: 'Database',
  };
  for (const [key, value] of Object.entries(status)) {
    if (value !== undefined) console.log(`${labels[key].padStart(16)}: ${value}`);
  }
}
