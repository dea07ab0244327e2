// The process under measurement: our backend, and beside it on the same database a minimal node:http server that
// runs the very statement our pipeline builds for each benchmarked request, with the same scoping statement and
// values, in the same single round trip. Prints the two base URLs as one JSON line, then serves until killed.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../apps/backend/src/config.ts';
import { SCOPE_SQL, scopeParams } from '../../apps/backend/src/db/scope.ts';
import type { Statement } from '../../apps/backend/src/db/types.ts';
import { planRequest } from '../../apps/backend/src/rest/plan/plan.ts';
import { parseRequest } from '../../apps/backend/src/rest/request/parse.ts';
import { buildStatement } from '../../apps/backend/src/rest/sql/statement.ts';
import { startBackend } from '../../apps/backend/src/server.ts';
import { BENCH_SQL, BENCH_USER, CASES } from './fixture.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const config = loadConfig({
  BACKEND_PORT: '0',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'teamplan-bench-')),
  SUPABASE_DIR: path.join(ROOT, 'supabase'),
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
});
const backend = await startBackend(config);
const { db, keys } = backend.deps;
await db.exec(BENCH_SQL);
await db.query("select pg_notify('pgrst', 'reload schema')");

const claims = {
  sub: BENCH_USER,
  role: 'authenticated',
  aud: 'authenticated',
  exp: Math.floor(Date.now() / 1000) + 86_400,
};
const token = await keys.sign(claims, 86_400);
const cache = await (
  await import('../../apps/backend/src/rest/schema/load.ts')
).loadSchemaCache(db, config.project.api.schemas);

/** The statement our pipeline runs for `pathAndQuery`, built once: the baseline only binds and sends it. */
function statementFor(pathAndQuery: string): Statement {
  const [pathname, query = ''] = pathAndQuery.split('?');
  const request = parseRequest(
    { method: 'GET', path: pathname, query, headers: {}, body: '' },
    { schemas: config.project.api.schemas },
  );
  return buildStatement(planRequest(request, cache, { maxRows: config.project.api.max_rows }));
}

const routes = new Map(CASES.map((c) => [c.path, { statement: statementFor(c.path), pathname: c.path.split('?')[0] }]));

const baseline = http.createServer(async (req, res) => {
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  try {
    const scope = {
      text: SCOPE_SQL,
      // request.headers as well, which every PostgREST-compatible server sets for policies and functions to read.
      params: scopeParams({
        role: 'authenticated',
        claims,
        method: 'GET',
        path: route.pathname,
        headers: req.headers as Record<string, string>,
      }),
    };
    const [, result] = await db.batch([scope, route.statement]);
    const body = (result.rows[0] as { body: string }).body;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
  } catch (error) {
    res.writeHead(500).end((error as Error).message);
  }
});
await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const port = (baseline.address() as { port: number }).port;

console.log(
  JSON.stringify({
    ours: `${backend.url}/rest/v1`,
    baseline: `http://127.0.0.1:${port}`,
    headers: { apikey: keys.anonKey, Authorization: `Bearer ${token}` },
  }),
);

// Exit cleanly when the runner is done, so a --cpu-prof of this process gets written.
process.once('SIGTERM', () => process.exit(0));
