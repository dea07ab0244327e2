-- A published table with row level security: each user sees the items of their own team.
create table public.items (
  id bigint generated always as identity primary key,
  team int not null,
  sent_at double precision not null,
  label text
);
alter table public.items enable row level security;
create policy "team items" on public.items for select to authenticated
  using (team = (auth.jwt() ->> 'team')::int);
create policy "service inserts" on public.items for insert to service_role with check (true);
alter publication supabase_realtime add table public.items;
