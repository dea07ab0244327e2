// `npm start`: the embedded backend (PGlite in DATA_DIR) and the production web app, side by side.
// With SUPABASE_URL and SUPABASE_ANON_KEY set, only the web app starts, pointed at that Supabase instead.
// `--demo` (npm run demo) uses its own data folder and fills it once with a realistic organization.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const webPort = env.PORT ?? '3000';
const backendPort = env.BACKEND_PORT ?? '54321';
const demo = process.argv.includes('--demo');
const dataDir = path.resolve(root, env.DATA_DIR ?? (demo ? '.data-demo' : '.data'));
const external = Boolean(env.SUPABASE_URL || env.SUPABASE_ANON_KEY);
const children = new Set();

function run(name, command, args, childEnv) {
  const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const prefix = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stop(code || 1);
    }
  });
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
  if (children.size === 0) process.exit(code);
  else for (const child of children) child.on('exit', () => children.size === 0 && process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

function runToEnd(command, args, childEnv) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.at(-1)} failed (exit code ${code})`)),
    );
  });
}

async function waitForBackend(url, timeoutMs = 120_000) {
  const keysFile = path.join(dataDir, 'api_keys.json');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(keysFile)) {
      const keys = JSON.parse(readFileSync(keysFile, 'utf8'));
      try {
        const response = await fetch(`${url}/auth/v1/health`, { headers: { apikey: keys.anonKey } });
        if (response.ok) return keys;
      } catch {
        // Not listening yet.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The backend did not answer at ${url} within ${timeoutMs / 1000} s.`);
}

async function main() {
  let supabaseUrl = env.SUPABASE_URL;
  let anonKey = env.SUPABASE_ANON_KEY;
  let serviceRoleKey;
  if (!external) {
    supabaseUrl = `http://127.0.0.1:${backendPort}`;
    run('backend', process.execPath, ['--import', 'tsx', 'apps/backend/src/main.ts'], {
      ...env,
      BACKEND_PORT: backendPort,
      DATA_DIR: dataDir,
      SITE_URL: env.SITE_URL ?? `http://127.0.0.1:${webPort}`,
    });
    ({ anonKey, serviceRoleKey } = await waitForBackend(supabaseUrl));
  }
  if (demo && !external) {
    await runToEnd(process.execPath, ['--import', 'tsx', 'scripts/demo/main.ts'], {
      ...env,
      SUPABASE_URL: supabaseUrl,
      SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
      DATA_DIR: dataDir,
    });
  }
  // The web server acts only as its signed-in users; work that needs the service role runs in edge functions.
  const { SUPABASE_SERVICE_ROLE_KEY: _serviceRoleKey, ...webEnv } = env;
  run('web', process.execPath, ['apps/web/server.js'], {
    ...webEnv,
    NODE_ENV: 'production',
    PORT: webPort,
    SUPABASE_URL: supabaseUrl,
    SUPABASE_ANON_KEY: anonKey,
  });
  const lines = [
    '',
    `  Teamplan is starting on http://127.0.0.1:${webPort}`,
    `  API URL:          ${supabaseUrl}`,
    external ? undefined : `  Mailbox:          ${supabaseUrl}/mailbox`,
    `  anon key:         ${anonKey}`,
    serviceRoleKey ? `  service_role key: ${serviceRoleKey}` : undefined,
    external ? undefined : `  Data:             ${dataDir} (PGlite)`,
    '',
  ];
  console.log(lines.filter((line) => line !== undefined).join('\n'));
}

main().catch((error) => {
  console.error(error.message);
  stop(1);
});
