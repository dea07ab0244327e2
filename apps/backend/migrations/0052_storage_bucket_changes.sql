-- Every process keeps the rows of buckets it read lately (their limits and whether they are public, read by every
-- upload); a change of storage.buckets, by the API, a project's SQL or the configuration applied at start, tells them
-- all to forget them. Once per statement, with no payload, as for objects (0051).
create or replace function _backend.storage_buckets_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('_backend_storage_buckets', '');
  return null;
end
$$;

drop trigger if exists buckets_changed on storage.buckets;
create trigger buckets_changed
  after insert or update or delete or truncate on storage.buckets
  for each statement execute function _backend.storage_buckets_changed();
