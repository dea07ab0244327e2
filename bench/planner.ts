// Planner benchmark: an organization of 1,000 people, 300 projects and 20,000 allocations over a year, on the
// embedded backend (PGlite). Prints each figure next to its target, and the ratio of the data API's answer to the
// same SQL run directly on the database in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/backend/src/config.ts';
import { withScope } from '../apps/backend/src/db/scope.ts';
import { startBackend } from '../apps/backend/src/server.ts';
import { addDays, generateOrganization, mondayOf } from '../scripts/demo/organization.ts';
import { PROJECT_SUMMARY_COLUMNS } from '../apps/web/app/components/projects/project-schema.ts';
import { loadOrganizationSql } from './lib/load-sql.ts';
import { medianMs, ms, printTable, ratio, type Row } from './lib/measure.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-bench-'));
const backend = await startBackend(
  loadConfig({ ...process.env, BACKEND_PORT: '0', DATA_DIR: dataDir, SUPABASE_DIR: 'supabase' }),
);
const { db, keys } = backend.deps;

try {
  const start = mondayOf(new Date());
  const org = generateOrganization({
    people: 1000,
    projects: 300,
    allocations: 20_000,
    start: addDays(start, -26 * 7),
    weeks: 52,
  });
  const loadStarted = performance.now();
  await loadOrganizationSql(db, org);
  console.log(`Loaded 1,000 people, 300 projects, 20,000 allocations in ${ms(performance.now() - loadStarted)}`);

  const planner = org.people.find((p) => p.can_manage_projects)!;
  const claims = { sub: planner.id, role: 'authenticated', aud: 'authenticated' };
  const token = await keys.sign(claims, 3600);
  const headers = { apikey: keys.anonKey, authorization: `Bearer ${token}` };
  const from = start;
  const to = addDays(start, 12 * 7 - 1);

  const hasPlannerData = (await db.query("select to_regproc('public.planner_data') is not null as present"))
    .rows[0] as { present: boolean };
  const plannerCall = hasPlannerData.present
    ? { name: 'planner_data', args: { p_from: from, p_to: to, p_period: 'week', p_include_tentative: true } }
    : { name: 'utilization', args: { p_from: from, p_to: to, p_period: 'week', p_include_tentative: true } };

  const viaApi = await medianMs(RUNS, async () => {
    const response = await fetch(`${backend.url}/rest/v1/rpc/${plannerCall.name}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(plannerCall.args),
    });
    if (!response.ok) throw new Error(`planner request failed: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  });
  const argNames = Object.keys(plannerCall.args);
  const direct = await medianMs(RUNS, () =>
    withScope(db, { role: 'authenticated', claims, method: 'POST', path: `/rpc/${plannerCall.name}` }, (tx) =>
      tx.query(
        `select coalesce(json_agg(r), '[]')::text from public.${plannerCall.name}(${argNames.map((n, i) => `${n} => $${i + 1}`).join(', ')}) r`,
        Object.values(plannerCall.args),
      ),
    ),
  );

  const projectsPage = await medianMs(RUNS, async () => {
    // The same request the /projects page makes.
    const response = await fetch(
      `${backend.url}/rest/v1/project_summaries?select=${PROJECT_SUMMARY_COLUMNS}&order=name.asc`,
      {
        headers,
      },
    );
    if (!response.ok) throw new Error(`projects request failed: ${response.status}`);
    await response.arrayBuffer();
  });

  const rows: Row[] = [
    {
      figure: `planner data, 12 weeks x 1,000 people (/rpc/${plannerCall.name})`,
      value: ms(viaApi),
      target: '< 300 ms',
      ok: viaApi < 300,
    },
    { figure: 'the same SQL directly on the database', value: ms(direct), target: 'baseline', ok: null },
    { figure: 'data API / direct SQL', value: ratio(viaApi / direct), target: 'close to 1', ok: null },
    { figure: 'projects list, 300 projects', value: ms(projectsPage), target: '< 500 ms', ok: projectsPage < 500 },
  ];
  printTable(`Planner benchmark on PGlite (median of ${RUNS} runs)`, rows);
} finally {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
