-- Projects: what the organization's people are allocated to. Members read them; project managers write them.

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 120),
  code text unique check (code ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$'),
  client text check (char_length(client) <= 120),
  description text check (char_length(description) <= 10000),
  color text not null default '#2f9e44' check (color ~ '^#[0-9a-fA-F]{6}$'),
  status text not null default 'planned'
    check (status in ('planned', 'active', 'on_hold', 'completed', 'cancelled')),
  start_date date,
  end_date date,
  budget_hours numeric(10, 2) check (budget_hours >= 0),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint projects_dates_ordered check (end_date is null or start_date is null or end_date >= start_date)
);
comment on table public.projects is 'Work the organization plans people onto.';
comment on column public.projects.status is 'planned, active, on_hold, completed or cancelled; the last two are archived.';

create index projects_status_idx on public.projects (status);
create trigger projects_touch before update on public.projects
  for each row execute function private.touch_updated_at();

alter table public.projects enable row level security;

create policy "Members can read projects" on public.projects
  for select to authenticated using ((select private.is_member()));
create policy "Project managers can create projects" on public.projects
  for insert to authenticated with check ((select private.has_permission('can_manage_projects')));
create policy "Project managers can change projects" on public.projects
  for update to authenticated
  using ((select private.has_permission('can_manage_projects')))
  with check ((select private.has_permission('can_manage_projects')));
create policy "Project managers can delete projects" on public.projects
  for delete to authenticated using ((select private.has_permission('can_manage_projects')));
