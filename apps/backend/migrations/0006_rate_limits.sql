-- Rate limits of the auth service, kept in the database so that every replica draws from the same buckets: one
-- token bucket per limit and client address (or per project for e-mail sends), refilled continuously.
create table if not exists _backend.rate_limits (
  bucket text primary key,
  tokens float8 not null,
  refilled_at timestamptz not null
);
-- Buckets untouched for a day are full again and can be dropped; this index finds them.
create index if not exists rate_limits_refilled_at_idx on _backend.rate_limits (refilled_at);

-- Takes one token from a bucket (which starts full, holds at most p_capacity and refills by p_capacity every
-- p_interval_seconds) in one statement, safe under concurrency; false when the bucket is empty. A function so the
-- statement is planned once per connection: limits sit on the hot path of every sign-in and refresh.
create or replace function _backend.take_rate_limit_token(p_bucket text, p_capacity float8, p_interval_seconds float8)
returns boolean
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  v_left float8;
begin
  if p_capacity <= 0 then
    return false;
  end if;
  insert into _backend.rate_limits as r (bucket, tokens, refilled_at) values (p_bucket, p_capacity - 1, now())
  on conflict (bucket) do update
    set tokens = least(p_capacity, r.tokens + extract(epoch from now() - r.refilled_at) * p_capacity / p_interval_seconds) - 1,
        refilled_at = now()
    where least(p_capacity, r.tokens + extract(epoch from now() - r.refilled_at) * p_capacity / p_interval_seconds) >= 1
  returning tokens into v_left;
  return v_left is not null;
end
$$;
revoke all on function _backend.take_rate_limit_token(text, float8, float8) from public;
