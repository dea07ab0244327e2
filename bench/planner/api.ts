// The data API's figures: the planner's one request for 12 weeks of 1,000 people, the same SQL run directly on
// the database as its baseline (the two taken in turn, so both see the same load), and the project list's request.
import { withScope } from '../../apps/backend/src/db/scope.ts';
import { PROJECT_SUMMARY_COLUMNS } from '../../apps/web/app/features/projects/project-schema.ts';
import { addDays } from '../../scripts/demo/organization.ts';
import { sendOk } from '../lib/http.ts';
import { interleavedMedians, ms, ratio, type Row } from '../lib/measure.ts';
import type { BenchOrganization } from './organization.ts';

export async function apiFigures(bench: BenchOrganization, runs: number): Promise<Row[]> {
  const { backend, headers, planner } = bench;
  const args = {
    p_from: bench.start,
    p_to: addDays(bench.start, 12 * 7 - 1),
    p_period: 'week',
    p_include_tentative: true,
  };
  const claims = { sub: planner.id, role: 'authenticated', aud: 'authenticated' };
  // The same request the /projects page makes.
  const projectsUrl = `${backend.url}/rest/v1/project_summaries?select=${PROJECT_SUMMARY_COLUMNS}&order=name.asc`;
  let body: Buffer = Buffer.alloc(0);

  const timings = await interleavedMedians(runs, {
    api: async () => {
      ({ body } = await sendOk('the planner request', `${backend.url}/rest/v1/rpc/planner_data`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      }));
    },
    direct: () =>
      withScope(backend.deps.db, { role: 'authenticated', claims, method: 'POST', path: '/rpc/planner_data' }, (tx) =>
        tx.query('select public.planner_data($1, $2, $3, $4)::text as body', Object.values(args)),
      ),
    projects: () => sendOk('the projects request', projectsUrl, { headers }),
  });
  const { api, direct, projects } = timings;
  const document = JSON.parse(body.toString('utf8')) as { people: { allocations: unknown[] }[] };
  const allocations = document.people.reduce((sum, person) => sum + person.allocations.length, 0);

  return [
    {
      figure: 'planner data, 12 weeks x 1,000 people (/rpc/planner_data)',
      value: ms(api.wall),
      target: '< 300 ms',
      ok: api.wall < 300,
    },
    { figure: 'the same SQL directly on the database', value: ms(direct.wall), target: 'baseline', ok: null },
    { figure: 'data API / direct SQL', value: ratio(api.wall / direct.wall), target: 'close to 1', ok: null },
    {
      figure: 'CPU time: data API, direct SQL',
      value: `${ms(api.cpu)}, ${ms(direct.cpu)}`,
      target: '-',
      ok: null,
    },
    {
      figure: 'planner data size',
      value: `${(body.length / 1e6).toFixed(2)} MB, ${allocations.toLocaleString('en')} allocations`,
      target: '-',
      ok: null,
    },
    {
      figure: 'projects list, 300 projects (/project_summaries)',
      value: ms(projects.wall),
      target: '< 500 ms',
      ok: projects.wall < 500,
    },
  ];
}
