// Tables, rows and helpers shared by the data service's integration tests. Names start with `rest_` so they never
// meet the product's own tables, which the harness also migrates.
import { createHarness, type Harness, type HarnessOptions } from '../harness.ts';

export const FIXTURE_SQL = `
create table public.rest_clients (id serial primary key, name text not null unique);
create table public.rest_projects (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  status text not null default 'active' check (status in ('active', 'archived')),
  client_id int references public.rest_clients (id),
  budget numeric(10,2),
  tags text[],
  meta jsonb,
  created_at timestamptz not null default now()
);
create table public.rest_tasks (
  id serial primary key,
  project_id uuid not null references public.rest_projects (id) on delete cascade,
  title text not null,
  done boolean not null default false,
  estimate int
);
create view public.rest_active_projects as
  select id, name, client_id from public.rest_projects where status = 'active';
create function public.rest_refuse_forbidden() returns trigger language plpgsql as $$
begin
  if new.title = 'forbidden' then raise exception 'Task titles may not be forbidden'; end if;
  return new;
end $$;
create trigger rest_refuse_forbidden before insert or update on public.rest_tasks
  for each row execute function public.rest_refuse_forbidden();

insert into public.rest_clients (id, name) values (1, 'Acme'), (2, 'Globex'), (3, 'Initech');
select setval('public.rest_clients_id_seq', 3);
insert into public.rest_projects (id, name, status, client_id, budget, tags, meta) values
  ('00000000-0000-4000-8000-000000000001', 'Apollo', 'active', 1, 1000.50, '{space,moon}', '{"lead": {"name": "Ada"}, "size": 3}'),
  ('00000000-0000-4000-8000-000000000002', 'Borealis', 'active', 1, null, '{ice}', null),
  ('00000000-0000-4000-8000-000000000003', 'Cassini', 'archived', 2, 250, '{space}', '{"lead": {"name": "Bob"}}'),
  ('00000000-0000-4000-8000-000000000004', 'Dune, Part 2', 'active', null, 75.25, null, null);
insert into public.rest_tasks (project_id, title, done, estimate) values
  ('00000000-0000-4000-8000-000000000001', 'Design', true, 5),
  ('00000000-0000-4000-8000-000000000001', 'Build', false, 8),
  ('00000000-0000-4000-8000-000000000003', 'Launch', false, null);
`;

export const APOLLO = '00000000-0000-4000-8000-000000000001';

export interface RestHarness extends Harness {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  send(method: string, path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  /** A bearer token for a signed-in user with this id. */
  userToken(sub: string, extra?: Record<string, unknown>): Promise<string>;
}

export async function restHarness(sql = FIXTURE_SQL, options: HarnessOptions = {}): Promise<RestHarness> {
  const h = await createHarness(options);
  await h.db.exec(sql);
  return Object.assign(h, {
    get: (path: string, headers: Record<string, string> = {}) => h.request(path, { headers }),
    send: (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      h.request(path, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    userToken: (sub: string, extra: Record<string, unknown> = {}) =>
      h.keys.sign({ sub, role: 'authenticated', aud: 'authenticated', ...extra }, 3600),
  });
}

/** Status, selected headers and parsed body of a response, for one `toEqual`/`toMatchObject`. */
export async function summary(response: Response, headerNames: string[] = []) {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? '' : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const headers = Object.fromEntries(headerNames.map((name) => [name, response.headers.get(name)]));
  return { status: response.status, headers, body };
}
