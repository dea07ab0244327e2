// grant_type=password: e-mail or phone and password. Every refusal before the account is known to be confirmed
// looks and takes the same: an unknown address is compared against a dummy hash, as long as a real comparison.
// Attempts per account are throttled (password-throttle.ts) before anything about the account is looked up.
import { z } from 'zod';
import { visitorIp } from '../client-ip.ts';
import { userAgentOf, type OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { findUserByEmail, findUserByPhone, isBanned } from '../models/users.ts';
import { passwordMatches, passwordWeakness } from '../password.ts';
import { accountKey, beginPasswordAttempt, passwordAttemptSucceeded } from '../password-throttle.ts';
import { readJson, text } from '../request.ts';
import { issueSession } from '../tokens.ts';
import { formatPhone } from '../validate.ts';

const PasswordBody = z.object({ email: text, phone: text, password: text });

export const passwordGrant: OpenHandler = async (c, deps) => {
  const body = await readJson(c, PasswordBody);
  if (body.email !== '' && body.phone !== '') {
    throw AuthErrors.validation('Only an email address or phone number should be provided on login.');
  }
  if (body.email === '' && body.phone === '') throw AuthErrors.validation('missing email or phone');
  const account = body.email !== '' ? accountKey('email', body.email) : accountKey('phone', formatPhone(body.phone));
  const address = visitorIp(c);
  await beginPasswordAttempt(deps.db, account, address);
  const user =
    body.email !== ''
      ? await findUserByEmail(deps.db, body.email)
      : await findUserByPhone(deps.db, formatPhone(body.phone));

  const matches = await passwordMatches(body.password, user?.encrypted_password);
  if (!user || !matches) throw AuthErrors.invalidCredentials();
  await passwordAttemptSucceeded(deps.db, account, address);
  if (isBanned(user)) throw AuthErrors.userBanned();
  if (body.email !== '' && !user.email_confirmed_at) throw AuthErrors.emailNotConfirmed();
  if (body.phone !== '' && !user.phone_confirmed_at) throw AuthErrors.phoneNotConfirmed();

  // One call of a server-side function, atomic without a transaction of its own.
  const session = await issueSession(deps.db, deps, user, 'password', userAgentOf(c));
  // A password that the current policy would refuse still signs in; the client is told so it can ask for a new one.
  const weakness = passwordWeakness(body.password, deps.settings);
  return c.json(weakness ? { ...session, weak_password: weakness } : session);
};
