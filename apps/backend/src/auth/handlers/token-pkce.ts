// grant_type=pkce: the auth code from a verified e-mail link, exchanged with the verifier of the flow's challenge.
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { userAgentOf, type OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { deleteFlowState, findFlowStateByAuthCode } from '../models/flow-state.ts';
import { findUserById } from '../models/users.ts';
import { readJson, text } from '../request.ts';
import { codeChallengeOf } from '../secrets.ts';
import { issueSession } from '../tokens.ts';

const PkceBody = z.object({ auth_code: text, code_verifier: text });

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export const pkceGrant: OpenHandler = async (c, deps) => {
  const body = await readJson(c, PkceBody);
  if (body.auth_code === '' || body.code_verifier === '') {
    throw AuthErrors.validation('invalid request: both auth code and code verifier should be non-empty');
  }
  const session = await deps.db.transaction(async (tx) => {
    const flow = await findFlowStateByAuthCode(tx, body.auth_code);
    if (!flow || !flow.user_id) throw AuthErrors.flowStateNotFound();
    if (flow.age_seconds > deps.settings.flowStateExpirySeconds) throw AuthErrors.flowStateExpired();
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw AuthErrors.flowStateNotFound();
    if (
      flow.code_challenge === null ||
      (flow.code_challenge_method !== 's256' && flow.code_challenge_method !== 'plain')
    ) {
      throw AuthErrors.badCodeVerifier('code challenge method not supported');
    }
    if (!sameText(codeChallengeOf(body.code_verifier, flow.code_challenge_method), flow.code_challenge)) {
      throw AuthErrors.badCodeVerifier('code challenge does not match previously saved code verifier');
    }
    // An auth code is good for one session.
    await deleteFlowState(tx, flow.id);
    return issueSession(tx, deps, user, flow.authentication_method, userAgentOf(c));
  });
  return c.json(session);
};
