// The benchmarks' organization: a backend on its own data folder, filled with 1,000 people, 300 projects and
// 20,000 allocations over a year, and one project manager who can sign in with a password.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/backend/src/config.ts';
import { startBackend, type Backend } from '../../apps/backend/src/server.ts';
import { addDays, generateOrganization, mondayOf, type Organization } from '../../scripts/demo/organization.ts';
import { sendOk } from '../lib/http.ts';
import { loadOrganizationSql } from '../lib/load-sql.ts';
import { ms } from '../lib/measure.ts';

/** Ports of their own, apart from the defaults (3000, 54321) and the end-to-end stacks (3301-3303, 54331-54332). */
export const BENCH_BACKEND_PORT = 54341;
export const BENCH_WEB_PORT = 3311;
export const PLANNER_PASSWORD = 'bench-planner-password-42';

export interface BenchOrganization {
  backend: Backend;
  org: Organization;
  /** The first day of the week shown first: this week's Monday. */
  start: string;
  planner: { id: string; email: string };
  /** Headers of the planner's requests to the data API. */
  headers: Record<string, string>;
  stop(): Promise<void>;
}

export interface BenchOptions {
  /** The organization's size: the planner benchmark's 1,000 people by default. */
  people: number;
  projects: number;
  allocations: number;
  backendPort: number;
  webPort: number;
}

const PLANNER_BENCH: BenchOptions = {
  people: 1000,
  projects: 300,
  allocations: 20_000,
  backendPort: BENCH_BACKEND_PORT,
  webPort: BENCH_WEB_PORT,
};

export async function startBenchOrganization(options: BenchOptions = PLANNER_BENCH): Promise<BenchOrganization> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-bench-'));
  const backend = await startBackend(
    loadConfig({
      ...process.env,
      BACKEND_HOST: '127.0.0.1',
      BACKEND_PORT: String(options.backendPort),
      DATA_DIR: dataDir,
      SUPABASE_DIR: 'supabase',
      SITE_URL: `http://127.0.0.1:${options.webPort}`,
    }),
  );
  const { db, keys } = backend.deps;
  const start = mondayOf(new Date());
  const { people, projects, allocations } = options;
  const org = generateOrganization({
    people,
    projects,
    allocations,
    start: addDays(start, -26 * 7),
    weeks: 52,
  });
  const loadStarted = performance.now();
  await loadOrganizationSql(db, org);
  const counts = [people, projects, allocations].map((n) => n.toLocaleString('en-US'));
  console.log(
    `Loaded ${counts[0]} people, ${counts[1]} projects, ${counts[2]} allocations in ${ms(performance.now() - loadStarted)}`,
  );

  const planner = org.people.find((person) => person.can_manage_projects)!;
  await sendOk('setting the planner’s password', `${backend.url}/auth/v1/admin/users/${planner.id}`, {
    method: 'PUT',
    headers: {
      apikey: keys.serviceRoleKey,
      authorization: `Bearer ${keys.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ password: PLANNER_PASSWORD }),
  });
  const token = await keys.sign({ sub: planner.id, role: 'authenticated', aud: 'authenticated' }, 3600);
  return {
    backend,
    org,
    start,
    planner: { id: planner.id, email: planner.email },
    headers: { apikey: keys.anonKey, authorization: `Bearer ${token}` },
    async stop() {
      await backend.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
