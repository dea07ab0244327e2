-- Every process keeps the rows of objects it served lately (a signed URL fetched again and again costs no lookup);
-- a change of storage.objects, by the API, a project's SQL or a cascade, tells them all to forget them, and to delete
-- the bytes the change left unreferenced (noted in _backend.storage_garbage) at once rather than after their next
-- change. Once per statement, with no payload: a change is rare next to reads, and forgetting everything is always
-- right.
create or replace function _backend.storage_objects_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('_backend_storage_objects', '');
  return null;
end
$$;

drop trigger if exists objects_changed on storage.objects;
create trigger objects_changed
  after update or delete or truncate on storage.objects
  for each statement execute function _backend.storage_objects_changed();
