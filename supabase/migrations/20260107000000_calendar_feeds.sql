-- Calendar feeds: each member can subscribe to their own allocations and time off from a calendar app (Google
-- Calendar, Outlook, Apple Calendar). Calendar apps fetch a subscription without signing in, so the link itself is
-- the credential: a secret token per person, kept in a private table nobody reads through the API. The member reads
-- and resets their own token through the two functions below; the calendar-feed edge function, holding the service
-- role key, turns a token into the feed's content with public.calendar_feed.

create extension if not exists pgcrypto with schema extensions;

create table private.calendar_feeds (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  token text not null unique,
  created_at timestamptz not null default now()
);
comment on table private.calendar_feeds is 'The secret token of each person''s calendar feed link.';

-- No policies: only the security definer functions of this migration reach the table.
alter table private.calendar_feeds enable row level security;
revoke all on private.calendar_feeds from public, anon, authenticated, service_role;

-- 32 random bytes, base64url without padding (43 characters): safe in a URL path, impossible to guess.
create function private.new_calendar_feed_token() returns text
language sql volatile
set search_path = ''
as $$
  select translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_')
$$;
revoke execute on function private.new_calendar_feed_token() from public, anon, authenticated;

-- The two functions below run as their owner: this is where they check who is asking.
create function private.require_member_for_calendar_feed() returns uuid
language plpgsql stable
set search_path = ''
as $$
begin
  if auth.uid() is null or not private.is_member() then
    raise exception 'Only members of the organization have a calendar feed.' using errcode = '42501';
  end if;
  return auth.uid();
end;
$$;
revoke execute on function private.require_member_for_calendar_feed() from public, anon, authenticated;

-- The caller's feed token, created on their first ask, so a link exists only for people who wanted one.
create function public.calendar_feed_token() returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  member uuid := private.require_member_for_calendar_feed();
  found_token text;
begin
  insert into private.calendar_feeds (user_id, token)
  values (member, private.new_calendar_feed_token())
  on conflict (user_id) do nothing;
  select f.token into found_token from private.calendar_feeds f where f.user_id = member;
  return found_token;
end;
$$;
comment on function public.calendar_feed_token() is
  'The calling member''s calendar feed token, created on first ask.';
revoke execute on function public.calendar_feed_token() from public, anon;
grant execute on function public.calendar_feed_token() to authenticated;

-- A new token for the caller: links with the old one stop working at once (a link shared by mistake is revoked).
create function public.reset_calendar_feed_token() returns text
language plpgsql volatile security definer
set search_path = ''
as $$
declare
  member uuid := private.require_member_for_calendar_feed();
  new_token text := private.new_calendar_feed_token();
begin
  insert into private.calendar_feeds (user_id, token, created_at)
  values (member, new_token, now())
  on conflict (user_id) do update set token = excluded.token, created_at = excluded.created_at;
  return new_token;
end;
$$;
comment on function public.reset_calendar_feed_token() is
  'Replaces the calling member''s calendar feed token; the old link stops working.';
revoke execute on function public.reset_calendar_feed_token() from public, anon;
grant execute on function public.reset_calendar_feed_token() to authenticated;

-- What the feed of a token shows: the person, their allocations (with the project) and their time off, from a year
-- back on (calendar apps re-read the whole feed every time, so it must not grow forever). Every event is a whole day
-- or days, so no time zone is needed. The time off note stays out: a calendar may be shared with others. Null for a
-- token nobody holds, and for someone who has left the organization, whose link stops with their membership. Only
-- the service role (the edge function) may ask.
create function public.calendar_feed(p_token text) returns jsonb
language sql stable security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'user_id', p.id,
    'full_name', p.full_name,
    'allocations', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', a.id,
               'project_name', pr.name,
               'project_code', pr.code,
               'start_date', a.start_date,
               'end_date', a.end_date,
               'hours_per_day', a.hours_per_day,
               'tentative', a.tentative,
               'role', a.role,
               'note', a.note,
               'updated_at', a.updated_at
             ) order by a.start_date, a.id)
      from public.allocations a
      join public.projects pr on pr.id = a.project_id
      where a.user_id = p.id and a.end_date >= current_date - 365
    ), '[]'::jsonb),
    'time_off', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', t.id,
               'kind', t.kind,
               'start_date', t.start_date,
               'end_date', t.end_date,
               'hours', t.hours
             ) order by t.start_date, t.id)
      from private.time_off_entries t
      where t.user_id = p.id and t.end_date >= current_date - 365
    ), '[]'::jsonb)
  )
  from private.calendar_feeds f
  join public.profiles p on p.id = f.user_id
  join public.organization_users ou on ou.user_id = f.user_id
  where f.token = p_token
$$;
comment on function public.calendar_feed(text) is
  'The calendar feed of a token: the person, their allocations and time off; for the calendar-feed edge function.';
revoke execute on function public.calendar_feed(text) from public, anon, authenticated;
grant execute on function public.calendar_feed(text) to service_role;
