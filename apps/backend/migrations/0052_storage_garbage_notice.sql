-- Bytes of object rows deleted outside the storage service (a project's triggers, a cascade, plain SQL) are deleted as
-- soon as that transaction commits, not only after the service's next change: the note of their version wakes the
-- storage service (NOTIFY is delivered on commit, once per transaction however many rows it noted).
create or replace function _backend.storage_collect_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.version is not null and (tg_op = 'DELETE' or new.version is distinct from old.version) then
    insert into _backend.storage_garbage (version) values (old.version) on conflict do nothing;
    perform pg_notify('storage_garbage', '');
  end if;
  return null;
end
$$;
