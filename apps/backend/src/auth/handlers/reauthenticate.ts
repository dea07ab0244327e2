// GET /reauthenticate: e-mails the signed-in user a code that authorises a password change.
import type { UserHandler } from '../context.ts';
import { AuthError } from '../errors.ts';
import { sendReauthentication } from '../flows/email-tokens.ts';

export const reauthenticate: UserHandler = async (c, deps, { user }) => {
  if (!user.email)
    throw new AuthError(
      422,
      'validation_failed',
      'Reauthentication requires the user to have an email or a phone number',
    );
  if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
  await deps.db.transaction((tx) => sendReauthentication(tx, deps, user));
  return c.json({});
};
