// auth.one_time_tokens: the hashes of the codes sent by e-mail, one live token per user and kind, kept beside the
// columns of auth.users that GoTrue also fills.
import type { Queryable } from '../../db/types.ts';
import { newId } from '../secrets.ts';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_current'
  | 'email_change_token_new'
  | 'reauthentication_token'
  | 'phone_change_token';

export async function saveOneTimeToken(
  q: Queryable,
  token: { userId: string; type: OneTimeTokenType; hash: string; relatesTo: string },
): Promise<void> {
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
     values ($1::uuid, $2::uuid, $3, $4, $5, now(), now())
     on conflict (user_id, token_type) do update
       set token_hash = excluded.token_hash, relates_to = excluded.relates_to, updated_at = now()`,
    [newId(), token.userId, token.type, token.hash, token.relatesTo],
  );
}

export async function clearOneTimeTokens(q: Queryable, userId: string, types?: OneTimeTokenType[]): Promise<void> {
  await q.query(
    'delete from auth.one_time_tokens where user_id = $1::uuid and ($2::text[] is null or token_type = any($2::text[]))',
    [userId, types ? `{${types.join(',')}}` : null],
  );
}
