-- Which changed rows each subscriber of postgres_changes may see, for the subscribers of a table it is given: for
-- each scope (the six settings a request makes, see src/db/scope.ts) it applies the settings as the data API does,
-- runs `statement` with `rows` as $1 and collects the keys it returns. A scope whose statement fails (no privilege
-- on the table, a policy that raises) gets no row back, so it sees nothing: the failure is kept to a subtransaction.
-- Realtime's own realtime.apply_rls works the same way, once per change for every subscription.
--
-- It switches roles, so only the backend itself may call it: nobody else is granted execute.
create or replace function _backend.realtime_visible(statement text, scopes jsonb, rows jsonb)
returns table (scope integer, keys jsonb)
language plpgsql
as $$
declare
  settings jsonb;
  found jsonb;
begin
  for i in 0 .. pg_catalog.jsonb_array_length(scopes) - 1 loop
    settings := scopes -> i;
    begin
      perform pg_catalog.set_config('role', settings ->> 0, true),
        pg_catalog.set_config('request.jwt.claims', settings ->> 1, true),
        pg_catalog.set_config('request.method', settings ->> 2, true),
        pg_catalog.set_config('request.path', settings ->> 3, true),
        pg_catalog.set_config('request.headers', settings ->> 4, true),
        pg_catalog.set_config('search_path', settings ->> 5, true);
      execute 'select coalesce(pg_catalog.jsonb_agg(v.k), ''[]'') from (' || statement || ') as v'
        into found using rows;
      scope := i;
      keys := found;
      return next;
    exception when others then
      -- Nothing is visible to this scope; the next one starts from its own settings.
      null;
    end;
  end loop;
end
$$;

revoke all on function _backend.realtime_visible(text, jsonb, jsonb) from public;
