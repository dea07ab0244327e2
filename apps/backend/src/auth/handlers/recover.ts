// POST /recover: a password recovery e-mail. The answer is the same ({}) whether or not the address has an account.
import { z } from 'zod';
import { requestedRedirect, type OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { sendRecovery } from '../flows/email-tokens.ts';
import { createFlowState } from '../models/flow-state.ts';
import { findUserByEmail } from '../models/users.ts';
import { redirectTarget } from '../redirect.ts';
import { readJson, text } from '../request.ts';
import { validateEmail, validatePkceParams } from '../validate.ts';

const RecoverBody = z.object({ email: text, code_challenge: text, code_challenge_method: text });

export const recover: OpenHandler = async (c, deps) => {
  const body = await readJson(c, RecoverBody);
  if (body.email === '') throw AuthErrors.validation('Password recovery requires an email');
  const email = validateEmail(body.email);
  const challengeMethod = validatePkceParams(body.code_challenge_method, body.code_challenge);
  const user = await findUserByEmail(deps.db, email);
  if (!user) return c.json({});
  const redirectTo = redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer'));
  await deps.db.transaction(async (tx) => {
    if (challengeMethod) {
      await createFlowState(tx, {
        userId: user.id,
        method: 'recovery',
        challenge: body.code_challenge,
        challengeMethod,
      });
    }
    await sendRecovery(tx, deps, user, { kind: 'recovery', pkce: !!challengeMethod, redirectTo });
  });
  return c.json({});
};
