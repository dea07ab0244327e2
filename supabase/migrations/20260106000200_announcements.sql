-- Announcements: how the organization talks to itself. Members read what is published and not expired, pinned
-- first; those who can manage announcements also see drafts (no publish time) and scheduled ones, and write them.

create table public.announcements (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  body text not null default '' check (char_length(body) <= 20000),
  pinned boolean not null default false,
  publish_at timestamptz,
  expires_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint announcements_expire_after_publishing
    check (expires_at is null or publish_at is null or expires_at > publish_at)
);
comment on table public.announcements is 'News for the members; the body is Markdown, rendered without raw HTML.';
comment on column public.announcements.publish_at is 'When members start to see it; null keeps it a draft.';
comment on column public.announcements.expires_at is 'When members stop seeing it; null keeps it up.';

create index announcements_listing_idx on public.announcements (pinned desc, publish_at desc);
create trigger announcements_touch before update on public.announcements
  for each row execute function private.touch_updated_at();

alter table public.announcements enable row level security;

create policy "Members read published announcements; their managers read all" on public.announcements
  for select to authenticated using (
    (select private.has_permission('can_manage_announcements'))
    or ((select private.is_member()) and publish_at <= now() and (expires_at is null or expires_at > now()))
  );
create policy "Announcement managers can write announcements" on public.announcements
  for insert to authenticated with check ((select private.has_permission('can_manage_announcements')));
create policy "Announcement managers can change announcements" on public.announcements
  for update to authenticated
  using ((select private.has_permission('can_manage_announcements')))
  with check ((select private.has_permission('can_manage_announcements')));
create policy "Announcement managers can delete announcements" on public.announcements
  for delete to authenticated using ((select private.has_permission('can_manage_announcements')));
