// The benchmark's data: 2,000 rows of a table with row level security, half of them the signed-in user's, and
// the two requests measured (a row by primary key, a filtered ordered page of 20).
export const BENCH_USER = '77777777-7777-4777-8777-777777777777';
export const OTHER_USER = '88888888-8888-4888-8888-888888888888';
export const BENCH_ID = 42;

export const BENCH_SQL = `
create table if not exists public.bench_items (
  id int primary key,
  owner uuid not null,
  title text not null,
  status text not null,
  estimate numeric(6,2),
  created_at timestamptz not null
);
alter table public.bench_items enable row level security;
drop policy if exists "Owners read their items" on public.bench_items;
create policy "Owners read their items" on public.bench_items for select to authenticated
  using (owner = (select auth.uid()));
create index if not exists bench_items_owner_status_created on public.bench_items (owner, status, created_at desc);
insert into public.bench_items
  select i, case when i % 2 = 0 then '${BENCH_USER}'::uuid else '${OTHER_USER}'::uuid end, 'Item ' || i,
    (array['open', 'done', 'blocked'])[1 + i % 3], (i % 40) / 4.0,
    timestamptz '2026-01-01' + make_interval(mins => i)
  from generate_series(1, 2000) i
on conflict do nothing;
analyze public.bench_items;
`;

export interface BenchCase {
  name: string;
  /** The data service's path and query (below /rest/v1). */
  path: string;
}

export const CASES: BenchCase[] = [
  { name: 'GET by primary key', path: `/bench_items?id=eq.${BENCH_ID}` },
  {
    name: 'filtered ordered page of 20',
    path: '/bench_items?select=id,title,status,estimate,created_at&status=eq.open&order=created_at.desc&limit=20',
  },
];
