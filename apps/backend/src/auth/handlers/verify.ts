// GET /verify (the link in an e-mail, opened by a browser without an apikey) and POST /verify (a code or token hash
// sent by the client). Both confirm the token's purpose; GET then redirects, POST answers with a session.
import { z } from 'zod';
import type { Context } from 'hono';
import { userAgentOf, type AuthDeps, type OpenHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { recordIdentityProviders } from '../flows/accounts.ts';
import { applyVerification } from '../flows/verification.ts';
import { findByCode, findByLink, FLOW_METHOD } from '../flows/verify-lookup.ts';
import { verifyPhoneCode } from '../flows/verify-phone.ts';
import { latestFlowState, markAuthCodeIssued } from '../models/flow-state.ts';
import { redirectTarget } from '../redirect.ts';
import { readJson, text } from '../request.ts';
import { PKCE_PREFIX } from '../secrets.ts';
import { issueSession } from '../tokens.ts';
import { validateEmail, validatePhone } from '../validate.ts';
import { errorRedirect, implicitRedirect, messageRedirect, pkceRedirect } from '../verify-redirects.ts';

/** GoTrue's answer when the first of two addresses confirms an e-mail change. */
const ONE_OF_TWO_CONFIRMED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

async function verifyLink(
  c: Context,
  deps: AuthDeps,
  type: string,
  token: string,
  redirectTo: string,
): Promise<string> {
  const pkce = token.startsWith(PKCE_PREFIX);
  return deps.db.transaction(async (tx) => {
    const verified = await findByLink(tx, deps, type, token);
    const applied = await applyVerification(tx, deps, verified, token);
    if (!('user' in applied)) return messageRedirect(redirectTo, ONE_OF_TWO_CONFIRMED, pkce);
    const user = await recordIdentityProviders(tx, applied.user);
    if (!pkce) {
      const session = await issueSession(tx, deps, user, 'otp', userAgentOf(c));
      return implicitRedirect(redirectTo, session, verified.type);
    }
    const flow = await latestFlowState(tx, user.id, FLOW_METHOD[verified.type]);
    if (!flow) throw new AuthError(422, 'flow_state_not_found', 'No valid flow state found for user.');
    await markAuthCodeIssued(tx, flow.id);
    return pkceRedirect(redirectTo, flow.auth_code);
  });
}

export const verifyGet: OpenHandler = async (c, deps) => {
  const type = c.req.query('type') ?? '';
  const token = c.req.query('token') ?? '';
  if (type === '') throw AuthErrors.validation('Verify requires a verification type');
  if (token === '') throw AuthErrors.validation('Verify requires a token or a token hash');
  const redirectTo = redirectTarget(deps.settings, c.req.query('redirect_to'), c.req.header('referer'));
  let location: string;
  try {
    location = await verifyLink(c, deps, type, token, redirectTo);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    location = errorRedirect(redirectTo, error, token.startsWith(PKCE_PREFIX));
  }
  return c.redirect(location, 303);
};

const VerifyBody = z.object({
  type: text,
  token: text,
  token_hash: text,
  email: text,
  phone: text,
  redirect_to: text,
});

export const verifyPost: OpenHandler = async (c, deps) => {
  const body = await readJson(c, VerifyBody);
  if (body.type === '') throw AuthErrors.validation('Verify requires a verification type');
  if ((body.token === '') === (body.token_hash === ''))
    throw AuthErrors.validation('Verify requires either a token or a token hash');
  let email = '';
  if (body.token !== '' && body.phone !== '' && body.email === '') {
    const phone = validatePhone(body.phone);
    const session = await deps.db.transaction(async (tx) => {
      const user = await verifyPhoneCode(tx, deps, body.type, phone, body.token);
      return issueSession(tx, deps, await recordIdentityProviders(tx, user), 'otp', userAgentOf(c));
    });
    return c.json(session);
  }
  if (body.token !== '') {
    if (body.email === '' || body.phone !== '') {
      throw AuthErrors.validation('Only an email address or phone number should be provided on verify');
    }
    try {
      email = validateEmail(body.email);
    } catch (cause) {
      throw new AuthError(422, 'validation_failed', 'Invalid email format', { cause });
    }
  } else if (body.email !== '' || body.phone !== '' || body.redirect_to !== '') {
    throw AuthErrors.validation('Only the token_hash and type should be provided');
  }

  const outcome = await deps.db.transaction(async (tx) => {
    const found =
      body.token_hash !== ''
        ? { ...(await findByLink(tx, deps, body.type, body.token_hash)), hash: body.token_hash }
        : await findByCode(tx, deps, body.type, email, body.token);
    const applied = await applyVerification(tx, deps, found, found.hash);
    if (!('user' in applied)) return undefined;
    return issueSession(tx, deps, await recordIdentityProviders(tx, applied.user), 'otp', userAgentOf(c));
  });
  return c.json(outcome ?? { msg: ONE_OF_TWO_CONFIRMED, code: '200' });
};
