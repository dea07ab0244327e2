-- Failed password sign-ins per account, beyond the per-address limits: after a few failures, password attempts for
-- the account are refused for a short time that doubles with each further failure, whichever address they come
-- from. Accounts are named by a hash of the e-mail or phone as typed, so an address without an account is counted
-- the same way (nothing tells the two apart) and nothing readable is kept about people who have no account.
create table if not exists _backend.password_failures (
  account_key text primary key,
  failures int not null,
  last_failed_at timestamptz not null,
  locked_until timestamptz
);
create index if not exists password_failures_last_failed_at_idx on _backend.password_failures (last_failed_at);

-- Addresses that signed in to an account with its password recently. An account's lock does not apply to them, so
-- whoever keeps an account locked from elsewhere does not keep its owner out.
create table if not exists _backend.password_sign_in_addresses (
  account_key text not null,
  address text not null,
  signed_in_at timestamptz not null,
  primary key (account_key, address)
);
create index if not exists password_sign_in_addresses_signed_in_at_idx
  on _backend.password_sign_in_addresses (signed_in_at);

-- Counts one attempt before the password is checked, in one statement, so that attempts made at the same moment
-- cannot all slip in before the lock: the attempt that reaches p_free_failures sets it. Returns the seconds the
-- account stays locked (0: this attempt may go ahead). A success clears the count (see below).
create or replace function _backend.begin_password_attempt(
  p_account_key text,
  p_address text,
  p_free_failures int,
  p_first_lock_seconds float8,
  p_max_lock_seconds float8,
  p_forget_after_seconds float8,
  p_known_address_seconds float8
)
returns float8
language plpgsql
set plan_cache_mode = force_generic_plan
as $$
declare
  v_wait float8;
begin
  -- Now and then, forget what no longer counts.
  if random() < 0.01 then
    delete from _backend.password_failures
    where last_failed_at < now() - make_interval(secs => p_forget_after_seconds)
      and (locked_until is null or locked_until < now());
    delete from _backend.password_sign_in_addresses
    where signed_in_at < now() - make_interval(secs => p_known_address_seconds);
  end if;

  insert into _backend.password_failures as f (account_key, failures, last_failed_at, locked_until)
  values (
    p_account_key, 1, now(),
    case when p_free_failures <= 1 then now() + make_interval(secs => p_first_lock_seconds) end
  )
  on conflict (account_key) do update
    set failures = case
          when f.last_failed_at < now() - make_interval(secs => p_forget_after_seconds) then 1
          else f.failures + 1
        end,
        last_failed_at = now(),
        locked_until = case
          when (case
                  when f.last_failed_at < now() - make_interval(secs => p_forget_after_seconds) then 1
                  else f.failures + 1
                end) >= p_free_failures
          then now() + make_interval(secs => least(
            p_max_lock_seconds,
            p_first_lock_seconds * 2 ^ least(f.failures + 1 - p_free_failures, 30)
          ))
          else f.locked_until
        end
    where f.locked_until is null
       or f.locked_until <= now()
       or exists (
         select 1 from _backend.password_sign_in_addresses a
         where a.account_key = p_account_key and a.address = p_address
           and a.signed_in_at > now() - make_interval(secs => p_known_address_seconds)
       );
  if found then
    return 0;
  end if;
  select greatest(1, ceil(extract(epoch from locked_until - now()))) into v_wait
  from _backend.password_failures where account_key = p_account_key;
  return v_wait;
end
$$;
revoke all on function _backend.begin_password_attempt(text, text, int, float8, float8, float8, float8) from public;

-- The right password: the account's count starts again and the address is remembered as its owner's (refreshed at
-- most daily, so a regular sign-in writes no more than it must).
create or replace function _backend.password_sign_in_succeeded(p_account_key text, p_address text)
returns void
language sql
as $$
  with cleared as (delete from _backend.password_failures where account_key = p_account_key)
  insert into _backend.password_sign_in_addresses as a (account_key, address, signed_in_at)
  select p_account_key, p_address, now() where p_address is not null
  on conflict (account_key, address) do update set signed_in_at = excluded.signed_in_at
    where a.signed_in_at < now() - interval '1 day';
$$;
revoke all on function _backend.password_sign_in_succeeded(text, text) from public;
