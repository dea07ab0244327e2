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

-- Counts one attempt before the password is checked, in one transaction-safe call, so that attempts made at the
-- same moment cannot all slip in before the lock: the attempt that reaches p_free_failures sets it. Returns the
-- seconds the account stays locked (0: this attempt may go ahead). A success clears the count (see below).
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
as $$
declare
  v_row _backend.password_failures;
  v_failures int;
begin
  insert into _backend.password_failures (account_key, failures, last_failed_at)
  values (p_account_key, 0, now())
  on conflict (account_key) do nothing;
  select * into v_row from _backend.password_failures where account_key = p_account_key for update;

  if v_row.locked_until > now() and not exists (
    select 1 from _backend.password_sign_in_addresses
    where account_key = p_account_key and address = p_address
      and signed_in_at > now() - make_interval(secs => p_known_address_seconds)
  ) then
    return greatest(1, ceil(extract(epoch from v_row.locked_until - now())));
  end if;

  v_failures := case
    when v_row.last_failed_at < now() - make_interval(secs => p_forget_after_seconds) then 1
    else v_row.failures + 1
  end;
  update _backend.password_failures
  set failures = v_failures,
      last_failed_at = now(),
      locked_until = case
        when v_failures >= p_free_failures then
          now() + make_interval(secs => least(p_max_lock_seconds, p_first_lock_seconds * 2 ^ least(v_failures - p_free_failures, 30)))
        else locked_until
      end
  where account_key = p_account_key;

  -- Now and then, forget what no longer counts.
  if random() < 0.01 then
    delete from _backend.password_failures
    where last_failed_at < now() - make_interval(secs => p_forget_after_seconds)
      and (locked_until is null or locked_until < now());
    delete from _backend.password_sign_in_addresses
    where signed_in_at < now() - make_interval(secs => p_known_address_seconds);
  end if;
  return 0;
end
$$;
revoke all on function _backend.begin_password_attempt(text, text, int, float8, float8, float8, float8) from public;

-- The right password: the account's count starts again and the address is remembered as its owner's.
create or replace function _backend.password_sign_in_succeeded(p_account_key text, p_address text)
returns void
language sql
as $$
  delete from _backend.password_failures where account_key = p_account_key;
  insert into _backend.password_sign_in_addresses (account_key, address, signed_in_at)
  select p_account_key, p_address, now() where p_address is not null
  on conflict (account_key, address) do update set signed_in_at = excluded.signed_in_at;
$$;
revoke all on function _backend.password_sign_in_succeeded(text, text) from public;
