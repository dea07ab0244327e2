// Entry point of the backend: config -> db -> app -> listen, and a banner with the URLs and local keys.
import path from 'node:path';
import { ConfigError, describeConfig, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { envFileArgument } from './functions/config.ts';
import { describeFunctions } from './functions/status.ts';
import { startBackend } from './server.ts';

async function main() {
  const config = loadConfig();
  const envFile = envFileArgument(process.argv);
  if (envFile) config.functions.envFile = path.resolve(envFile);
  if (process.argv.includes('--print-config')) {
    console.log(JSON.stringify(describeConfig(config), null, 2));
    return;
  }
  if (config.ignoredKeys.length > 0) {
    console.log(
      `config.toml: ${config.ignoredKeys.length} keys this backend does not implement are ignored (see --print-config)`,
    );
  }
  const backend = await startBackend(config);
  const { keys, mailer, db } = backend.deps;
  const applied = [...backend.migrations.server, ...backend.migrations.project];
  console.log(
    [
      `Backend ready (${db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'}; ${applied.length} migrations applied${backend.migrations.seeded ? ', seeded' : ''})`,
      `         API URL: ${backend.url}`,
      mailer.usesMailbox ? `     Mailbox URL: ${backend.url}/mailbox` : undefined,
      ` Publishable key: ${keys.publishableKey}`,
      `      Secret key: ${keys.secretKey}`,
      `        anon key: ${keys.anonKey}`,
      `service_role key: ${keys.serviceRoleKey}`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
  const shutdown = () => {
    backend.stop().finally(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const functions = await backend.deps.functions?.checked?.catch(() => undefined);
  if (functions?.length) {
    console.log(['Functions:', ...describeFunctions(functions, backend.url).map((line) => `  ${line}`)].join('\n'));
  }
}

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('The backend could not start:', error);
  }
  process.exit(1);
});
