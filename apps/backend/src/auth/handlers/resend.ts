// POST /resend: sends the sign-up confirmation, the e-mail change link, or an SMS code (sms, phone_change) again.
// Unknown or already confirmed addresses and numbers get the same empty answer.
import { z } from 'zod';
import { requestedRedirect, type AuthDeps, type OpenHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { sendConfirmation, sendEmailChange } from '../flows/email-tokens.ts';
import { sendPhoneCode } from '../flows/phone-tokens.ts';
import { latestFlowState } from '../models/flow-state.ts';
import { findUserByEmail, findUserByPhone, findUserByPhoneChange } from '../models/users.ts';
import { redirectTarget } from '../redirect.ts';
import { readJson, text } from '../request.ts';
import { validateEmail, validatePhone } from '../validate.ts';

const ResendBody = z.object({ type: text, email: text, phone: text });

/** Texts a new code for a pending phone confirmation or number change; unknown numbers get the same answer. */
async function resendPhoneCode(deps: AuthDeps, type: string, number: string): Promise<{ message_id?: string }> {
  if (type !== 'sms' && type !== 'phone_change') throw AuthErrors.validation('Type provided requires an email address');
  const phone = validatePhone(number);
  const user = type === 'sms' ? await findUserByPhone(deps.db, phone) : await findUserByPhoneChange(deps.db, phone);
  if (!user || (type === 'sms' && user.phone_confirmed_at)) return {};
  const kind = type === 'sms' ? 'confirmation' : 'phone_change';
  return { message_id: await deps.db.transaction((tx) => sendPhoneCode(tx, deps, user, phone, kind)) };
}

export const resend: OpenHandler = async (c, deps) => {
  const body = await readJson(c, ResendBody);
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(body.type)) {
    throw AuthErrors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (body.email === '' && body.type === 'signup')
    throw AuthErrors.validation('Type provided requires an email address');
  if (body.phone === '' && body.type === 'sms') throw AuthErrors.validation('Type provided requires a phone number');
  if (body.email !== '' && body.phone !== '')
    throw AuthErrors.validation('Only an email address or phone number should be provided.');
  if (body.email === '' && body.phone === '') throw AuthErrors.validation('Missing email address or phone number');
  if (body.phone !== '') return c.json(await resendPhoneCode(deps, body.type, body.phone));
  const email = validateEmail(body.email);
  if (body.type !== 'signup' && body.type !== 'email_change') {
    throw new AuthError(400, 'validation_failed', 'Type provided requires a phone number');
  }

  const user = await findUserByEmail(deps.db, email);
  if (!user) return c.json({});
  if (body.type === 'signup' && user.email_confirmed_at) return c.json({});
  if (body.type === 'email_change' && !user.email_change) return c.json({});
  const redirectTo = redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer'));
  await deps.db.transaction(async (tx) => {
    // A flow started with a PKCE challenge stays one: the new link also ends in a code for the same verifier.
    const pkce = !!(await latestFlowState(tx, user.id, body.type === 'signup' ? 'email/signup' : 'email_change'));
    return body.type === 'signup'
      ? sendConfirmation(tx, deps, user, { pkce, redirectTo })
      : sendEmailChange(tx, deps, user, user.email_change!, { pkce, redirectTo });
  });
  return c.json({});
};
