// GET /reauthenticate: sends the signed-in user a code that authorises a password change, by e-mail or, for an
// account with only a phone number, by SMS.
import type { UserHandler } from '../context.ts';
import { AuthError } from '../errors.ts';
import { sendReauthentication } from '../flows/email-tokens.ts';
import { sendPhoneCode } from '../flows/phone-tokens.ts';

export const reauthenticate: UserHandler = async (c, deps, { user }) => {
  if (!user.email && !user.phone) {
    throw new AuthError(
      400,
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  }
  if (user.email) {
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    await deps.db.transaction((tx) => sendReauthentication(tx, deps, user));
    return c.json({});
  }
  if (!user.phone_confirmed_at) throw new AuthError(422, 'phone_not_confirmed', 'Please verify your phone first.');
  const messageId = await deps.db.transaction((tx) => sendPhoneCode(tx, deps, user, user.phone!, 'reauthentication'));
  return c.json(messageId ? { message_id: messageId } : {});
};
