// Property-based hostile input: thousands of generated requests (see hostile-arbitraries.ts) must each be answered
// below 500, with no SQL, stack trace or internal name in the body, never showing a row RLS hides, and without the
// server's memory growing as they go: 10,000 of them on each database (HOSTILE_RUNS and HOSTILE_SEED change that).
import vm from 'node:vm';
import v8 from 'node:v8';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SQL, restHarness, type RestHarness } from './fixture.ts';
import { hostileRequest, type GeneratedRequest, type Identity } from './hostile-arbitraries.ts';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 10_000);
const OWNER = '33333333-3333-4333-8333-333333333333';
const CANARY = 'CANARY-SECRET';
// What a body must never contain: statement text, the statement's own names, stack traces, the hidden rows.
// The statements are written in upper case with quoted, schema-qualified names; generated input is lower case, and
// a parse error quoting the client's own parameter (as PostgREST's do) is not a leak.
const SQL_TEXT = /\bSELECT\b[\s\S]*\bFROM\b|\bLATERAL\b|"public"\."/;
const LEAKS = [
  /pgrst_(source|body|payload|json_defs|\d)/,
  /_postgrest_t/,
  /json_agg|json_to_record/,
  /\bat .*\.(ts|js):\d+/,
  /node_modules|src\/rest/,
  new RegExp(CANARY),
];

let h: RestHarness;
let tokens: Map<string, string>;
beforeAll(async () => {
  h = await restHarness(`${FIXTURE_SQL}
    create table public.rest_secrets (id int primary key, owner uuid, client_id int references public.rest_clients (id),
      secret text);
    alter table public.rest_secrets enable row level security;
    create policy "Owners read their secrets" on public.rest_secrets for select to authenticated
      using (owner = auth.uid());
    insert into public.rest_secrets values (1, '${OWNER}', 1, '${CANARY} 1'), (2, '${OWNER}', 2, '${CANARY} 2');
    create table public.rest_fuzz (id serial primary key, name text, meta jsonb, tags text[]);
    create function public.rest_add(a int, b int) returns int language sql immutable as 'select a + b';
  `);
  tokens = new Map();
});
afterAll(() => h.close());

async function authorization(identity: Identity): Promise<string | undefined> {
  switch (identity.kind) {
    case 'anon':
      return undefined;
    case 'raw':
      return `Bearer ${identity.token}`;
    case 'expired':
      return `Bearer ${await h.keys.sign({ sub: OWNER, role: 'authenticated' }, -60)}`;
    case 'role':
    case 'user': {
      const key = JSON.stringify(identity);
      if (!tokens.has(key)) {
        const claims =
          identity.kind === 'user' ? { sub: identity.sub, role: 'authenticated' } : { role: identity.role };
        tokens.set(key, await h.keys.sign(claims, 3600));
      }
      return `Bearer ${tokens.get(key)}`;
    }
  }
}

async function send(request: GeneratedRequest): Promise<{ status: number; text: string }> {
  const headers = new Headers(request.headers);
  const bearer = await authorization(request.identity);
  if (bearer !== undefined) headers.set('Authorization', bearer);
  const response = await h.request(`${request.path}${request.query}`, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  return { status: response.status, text: await response.text() };
}

function collectGarbage(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

describe('generated hostile requests', () => {
  it(`answers ${RUNS} of them without a 5xx, a leak or a hidden row, in stable memory`, async () => {
    const gc = collectGarbage();
    const statuses = new Map<number, number>();
    let sent = 0;
    let baseline = 0;
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (request) => {
        const { status, text } = await send(request);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (++sent === Math.min(1000, Math.floor(RUNS / 4))) {
          gc();
          baseline = process.memoryUsage().heapUsed;
        }
        const shown = `${status} ${text.slice(0, 300)}`;
        expect(status, shown).toBeLessThan(500);
        for (const leak of LEAKS) expect(text, shown).not.toMatch(leak);
        // Documents (OpenAPI, CSV, plans) may say "select"; an error must never quote the statement.
        if (status >= 400) expect(text, shown).not.toMatch(SQL_TEXT);
        if (status >= 400 && request.method !== 'HEAD') expect(JSON.parse(text)).toHaveProperty('code');
      }),
      { numRuns: RUNS, seed: Number(process.env.HOSTILE_SEED ?? 20_260_101), endOnFailure: true },
    );
    gc();
    const growth = (process.memoryUsage().heapUsed - baseline) / 1024 / 1024;
    if (process.env.SHOW_HOSTILE)
      console.log({ sent, growthMb: growth.toFixed(1), statuses: Object.fromEntries(statuses) });
    expect(sent).toBe(RUNS);
    // The schema cache, the engine and the test's own bookkeeping stay; requests must not pile up on top.
    expect(growth).toBeLessThan(48);
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
  }, 600_000);

  it('left the hidden rows and the fixture as they were', async () => {
    const service = { Authorization: `Bearer ${h.keys.serviceRoleKey}` };
    const secrets = await (await h.get('/rest/v1/rest_secrets?select=id,owner,secret&order=id', service)).json();
    expect(secrets).toEqual([
      { id: 1, owner: OWNER, secret: `${CANARY} 1` },
      { id: 2, owner: OWNER, secret: `${CANARY} 2` },
    ]);
    const owner = { Authorization: `Bearer ${await h.userToken(OWNER)}` };
    expect(await (await h.get('/rest/v1/rest_secrets?select=id&order=id', owner)).json()).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });
});
