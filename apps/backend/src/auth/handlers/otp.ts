// POST /otp: a magic link with a 6-digit code by e-mail, or a code by SMS. An unknown address signs up first (unless create_user is
// false), and with confirmations on receives the confirmation e-mail, which then serves as its magic link.
import type { Context } from 'hono';
import { z } from 'zod';
import { clientIp } from '../client-ip.ts';
import { requestedRedirect, userAgentOf, type AuthDeps, type OpenHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { sendRecovery } from '../flows/email-tokens.ts';
import { sendPhoneCode } from '../flows/phone-tokens.ts';
import { signUp } from '../flows/signup.ts';
import { createFlowState } from '../models/flow-state.ts';
import { findUserByEmail, findUserByPhone } from '../models/users.ts';
import { redirectTarget } from '../redirect.ts';
import { flag, metadata, readJson, text } from '../request.ts';
import { generateUnusablePassword } from '../secrets.ts';
import { validateEmail, validateMessageChannel, validatePhone, validatePkceParams } from '../validate.ts';

const OtpBody = z.object({
  email: text,
  phone: text,
  create_user: flag,
  data: metadata,
  channel: text,
  code_challenge: text,
  code_challenge_method: text,
});

/**
 * A code by SMS; an unknown number signs up first unless create_user is false. Answers with the message id, or an
 * empty object when no message id is known (GoTrue omits an empty one).
 */
async function phoneOtp(c: Context, deps: AuthDeps, body: z.output<typeof OtpBody>): Promise<{ message_id?: string }> {
  const phone = validatePhone(body.phone);
  validateMessageChannel(body.channel);
  let user = await findUserByPhone(deps.db, phone);
  if (!user && body.create_user === false) throw AuthErrors.otpSignupDisabled();
  if (!user) {
    if (deps.settings.signupDisabled) throw AuthErrors.signupDisabled();
    const created = await signUp(deps, {
      phone,
      password: generateUnusablePassword(),
      data: body.data ?? {},
      redirectTo: deps.settings.siteUrl,
      userAgent: userAgentOf(c),
      ipAddress: clientIp(c),
      startSession: false,
    });
    user = await findUserByPhone(deps.db, phone);
    // With confirmations on, the sign-up itself texted the code.
    if (!deps.settings.phoneAutoconfirm && 'user' in created) return {};
  }
  const account = user!;
  const messageId = await deps.db.transaction((tx) => sendPhoneCode(tx, deps, account, phone, 'confirmation'));
  // A number not confirmed yet is signed up again in GoTrue, whose answer carries no message id.
  if (!account.phone_confirmed_at) return {};
  return messageId ? { message_id: messageId } : {};
}

export const otp: OpenHandler = async (c, deps) => {
  const body = await readJson(c, OtpBody);
  if (body.email !== '' && body.phone !== '')
    throw AuthErrors.validation('Only an email address or phone number should be provided');
  if (body.email !== '' && body.channel !== '')
    throw AuthErrors.validation('Channel should only be specified with Phone OTP');
  const challengeMethod = validatePkceParams(body.code_challenge_method, body.code_challenge);
  if (body.phone !== '') return c.json(await phoneOtp(c, deps, body));
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
      ipAddress: clientIp(c),
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
