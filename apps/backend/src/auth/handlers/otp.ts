// POST /otp: a magic link with a 6-digit code by e-mail. An unknown address signs up first (unless create_user is
// false), and with confirmations on receives the confirmation e-mail, which then serves as its magic link.
import { z } from 'zod';
import { requestedRedirect, userAgentOf, type OpenHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { sendRecovery } from '../flows/email-tokens.ts';
import { signUp } from '../flows/signup.ts';
import { createFlowState } from '../models/flow-state.ts';
import { findUserByEmail } from '../models/users.ts';
import { redirectTarget } from '../redirect.ts';
import { flag, metadata, readJson, text } from '../request.ts';
import { generateUnusablePassword } from '../secrets.ts';
import { validateEmail, validatePkceParams } from '../validate.ts';

const OtpBody = z.object({
  email: text,
  phone: text,
  create_user: flag,
  data: metadata,
  channel: text,
  code_challenge: text,
  code_challenge_method: text,
});

export const otp: OpenHandler = async (c, deps) => {
  const body = await readJson(c, OtpBody);
  if (body.email !== '' && body.phone !== '')
    throw AuthErrors.validation('Only an email address or phone number should be provided');
  if (body.email !== '' && body.channel !== '')
    throw AuthErrors.validation('Channel should only be specified with Phone OTP');
  const challengeMethod = validatePkceParams(body.code_challenge_method, body.code_challenge);
  if (body.phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  if (body.email === '') throw AuthErrors.validation('One of email or phone must be set');
  const email = validateEmail(body.email);
  const redirectTo = redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer'));
  const pkce = !!challengeMethod;

  let user = await findUserByEmail(deps.db, email);
  if (!user && body.create_user === false) throw AuthErrors.otpSignupDisabled();
  if (!user || !user.email_confirmed_at) {
    if (deps.settings.signupDisabled || !deps.settings.emailSignupEnabled) throw AuthErrors.signupDisabled();
    const result = await signUp(deps, {
      email,
      password: generateUnusablePassword(),
      data: body.data ?? {},
      challenge: challengeMethod ? { method: challengeMethod, value: body.code_challenge } : undefined,
      redirectTo,
      userAgent: userAgentOf(c),
      startSession: false,
    }).catch((error: unknown) => {
      // An address that exists unconfirmed, with confirmations off, simply gets its magic link below.
      if (error instanceof AuthError && error.code === 'user_already_exists') return undefined;
      throw error;
    });
    if (!deps.settings.mailerAutoconfirm && result) return c.json({});
    user = await findUserByEmail(deps.db, email);
  }
  const account = user!;
  await deps.db.transaction(async (tx) => {
    if (challengeMethod) {
      await createFlowState(tx, {
        userId: account.id,
        method: 'magiclink',
        challenge: body.code_challenge,
        challengeMethod,
      });
    }
    await sendRecovery(tx, deps, account, { kind: 'magiclink', pkce, redirectTo });
  });
  return c.json({});
};
