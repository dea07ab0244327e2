-- The notice of a change of storage.objects names the transaction that made it, so that the process that made the
-- change can tell its own notice from the others' and keep the row it has just written (see recent-rows.ts) rather
-- than read it again for the next download. Everyone else still forgets everything on any notice.
create or replace function _backend.storage_objects_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('_backend_storage_objects', txid_current()::text);
  return null;
end
$$;
