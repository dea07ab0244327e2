-- No silent overwrites: a writer may name the version of the row it changed by sending the updated_at it read, and
-- the change is refused (HTTP 409 through the data API) when someone else changed the row since. Writers that send
-- no updated_at are not checked, as before. The trigger that keeps updated_at true does both, so the check always
-- sees the stored version before it moves on.
create or replace function private.touch_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.updated_at is distinct from old.updated_at then
    raise exception using
      errcode = 'PT409',
      message = 'Someone else changed this since you loaded it.',
      detail = format('Changed at %s; your change was made from the version of %s.', old.updated_at, new.updated_at),
      hint = 'Load it again to see the change, then decide whether to apply yours.';
  end if;
  new.updated_at := now();
  return new;
end;
$$;
