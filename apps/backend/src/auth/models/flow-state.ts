// auth.flow_state: a PKCE flow in progress. Started with a code challenge (sign-up, recovery, magic link, e-mail
// change); once its e-mail link is verified the browser receives the auth code, exchanged with the verifier.
import type { Queryable } from '../../db/types.ts';
import { newId } from '../secrets.ts';
import type { CodeChallengeMethod } from '../validate.ts';
import { one } from './sql.ts';

/** GoTrue's names for how a PKCE flow authenticates; they become the session's `amr` method. */
export type FlowMethod = 'email/signup' | 'magiclink' | 'recovery' | 'email_change' | 'invite' | 'otp' | 'oauth';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  /** Null for an OAuth flow without PKCE (implicit). */
  code_challenge_method: CodeChallengeMethod | null;
  code_challenge: string | null;
  authentication_method: FlowMethod;
  /** Seconds since the code was handed out (or, before that, since the flow started). */
  age_seconds: number;
}

// The age counts from when the e-mail link handed out the code, so a link opened an hour after sign-up still works
// (GoTrue counts from the flow's start for every kind but magic links).
const COLUMNS = `id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method,
  extract(epoch from (now() - coalesce(auth_code_issued_at, created_at)))::float8 as age_seconds`;

export async function createFlowState(
  q: Queryable,
  flow: { userId: string; method: FlowMethod; challenge: string; challengeMethod: CodeChallengeMethod },
): Promise<void> {
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1::uuid, $2::uuid, $3, $4, $5, $6, now(), now(), $7)`,
    [
      newId(),
      flow.userId,
      newId(),
      flow.challengeMethod,
      flow.challenge,
      flow.method === 'email/signup' ? 'email' : flow.method,
      flow.method,
    ],
  );
}

export function findFlowStateByAuthCode(q: Queryable, authCode: string): Promise<FlowStateRow | undefined> {
  return one(q, `select ${COLUMNS} from auth.flow_state where auth_code = $1 for update`, [authCode]);
}

/** The user's newest flow of a kind, whose code is handed out when its e-mail link is verified. */
export function latestFlowState(q: Queryable, userId: string, method: FlowMethod): Promise<FlowStateRow | undefined> {
  return one(
    q,
    `select ${COLUMNS} from auth.flow_state where user_id = $1::uuid and authentication_method = $2
     order by created_at desc limit 1`,
    [userId, method],
  );
}

export async function markAuthCodeIssued(q: Queryable, id: string): Promise<void> {
  await q.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1::uuid', [id]);
}

export async function deleteFlowState(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.flow_state where id = $1::uuid', [id]);
}

/** An OAuth flow with an external provider: started before the browser leaves, finished by /callback. */
export interface OAuthFlowRow {
  id: string;
  provider_type: string;
  code_challenge: string | null;
  referrer: string | null;
  linking_target_id: string | null;
  email_optional: boolean;
  age_seconds: number;
}

export async function createOAuthFlowState(
  q: Queryable,
  flow: {
    provider: string;
    challenge?: { method: CodeChallengeMethod; value: string };
    referrer: string;
    linkingTargetId?: string;
    emailOptional: boolean;
  },
): Promise<string> {
  const id = newId();
  await q.query(
    `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type, created_at,
       updated_at, authentication_method, referrer, linking_target_id, email_optional)
     values ($1::uuid, $2, $3, $4, $5, now(), now(), 'oauth', $6, $7::uuid, $8)`,
    [
      id,
      newId(),
      flow.challenge?.method ?? null,
      flow.challenge?.value ?? null,
      flow.provider,
      flow.referrer,
      flow.linkingTargetId ?? null,
      flow.emailOptional,
    ],
  );
  return id;
}

/** The OAuth flow a provider's `state` names, unused so far. */
export function findOAuthFlowForUpdate(q: Queryable, id: string): Promise<OAuthFlowRow | undefined> {
  return one(
    q,
    `select id, provider_type, code_challenge, referrer, linking_target_id::text as linking_target_id, email_optional,
       extract(epoch from (now() - created_at))::float8 as age_seconds
     from auth.flow_state where id = $1::uuid and authentication_method = 'oauth' and user_id is null for update`,
    [id],
  );
}

/** A PKCE OAuth flow is handed to the user: its auth code may now be exchanged. Returns the auth code. */
export async function completeOAuthFlow(q: Queryable, id: string, userId: string): Promise<string> {
  const row = await one<{ auth_code: string }>(
    q,
    `update auth.flow_state set user_id = $2::uuid, auth_code_issued_at = now(), updated_at = now()
     where id = $1::uuid returning auth_code`,
    [id, userId],
  );
  return row!.auth_code;
}
