-- The outbox of the embedded default: every e-mail the server sends is kept here and shown on /mailbox, so sign-up
-- confirmation, magic links and recovery work on a machine without SMTP. Kept in the database so replicas share it.
create table if not exists _backend.mailbox (
  id bigserial primary key,
  to_address text not null,
  subject text not null,
  html text not null,
  text_body text not null,
  kind text not null,
  created_at timestamptz not null default now()
);
create index if not exists mailbox_to_address_idx on _backend.mailbox (lower(to_address), id desc);
revoke all on schema _backend from public;
