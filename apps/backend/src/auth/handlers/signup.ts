// POST /signup: a new account by e-mail or phone and password, with user metadata and an optional PKCE challenge;
// without e-mail and phone, an anonymous sign-in (each drawing on its own rate limit, as in GoTrue).
import { z } from 'zod';
import { clientIp } from '../client-ip.ts';
import { requestedRedirect, userAgentOf, type OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { signInAnonymously } from '../flows/anonymous.ts';
import { signUp } from '../flows/signup.ts';
import { enforceRequestLimit } from '../rate-limit.ts';
import { checkPasswordStrength } from '../password.ts';
import { redirectTarget } from '../redirect.ts';
import { metadata, readJson, text } from '../request.ts';
import { validateEmail, validateMessageChannel, validatePhone, validatePkceParams } from '../validate.ts';

const SignupBody = z.object({
  email: text,
  phone: text,
  password: text,
  data: metadata,
  channel: text,
  code_challenge: text,
  code_challenge_method: text,
});

export const signup: OpenHandler = async (c, deps) => {
  const { settings } = deps;
  const body = await readJson(c, SignupBody);
  if (body.email === '' && body.phone === '') {
    await enforceRequestLimit(c, deps, 'anonymous_users');
    return c.json(await signInAnonymously(deps, body.data ?? {}, userAgentOf(c), clientIp(c)));
  }
  await enforceRequestLimit(c, deps, 'sign_in_sign_ups');
  if (settings.signupDisabled) throw AuthErrors.signupDisabled();
  if (body.password === '') throw AuthErrors.validation('Signup requires a valid password');
  checkPasswordStrength(body.password, settings);
  if (body.email !== '' && body.phone !== '') {
    throw AuthErrors.validation('Only an email address or phone number should be provided on signup.');
  }
  if (body.phone !== '' && body.code_challenge !== '')
    throw AuthErrors.validation('PKCE not supported for phone signups');
  const challengeMethod = validatePkceParams(body.code_challenge_method, body.code_challenge);

  let email: string | undefined;
  let phone: string | undefined;
  if (body.email !== '') {
    if (!settings.emailSignupEnabled) throw AuthErrors.signupDisabled();
    email = validateEmail(body.email);
  } else {
    phone = validatePhone(body.phone);
    validateMessageChannel(body.channel);
  }

  const result = await signUp(deps, {
    email,
    phone,
    password: body.password,
    data: body.data ?? {},
    challenge: challengeMethod ? { method: challengeMethod, value: body.code_challenge } : undefined,
    redirectTo: redirectTarget(settings, requestedRedirect(c), c.req.header('referer')),
    userAgent: userAgentOf(c),
    ipAddress: clientIp(c),
  });
  return c.json('session' in result ? result.session : result.user);
};
