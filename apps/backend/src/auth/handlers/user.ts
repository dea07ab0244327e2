// GET /user and PUT /user: the signed-in user, and changes to their password, e-mail, phone and metadata.
import { z } from 'zod';
import { requestedRedirect, type UserHandler } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { mergeMetadata } from '../flows/accounts.ts';
import { sendEmailChange } from '../flows/email-tokens.ts';
import { sendPhoneCode } from '../flows/phone-tokens.ts';
import { applyEmailChange } from '../flows/verification.ts';
import { spendReauthenticationCode } from '../flows/reauthentication.ts';
import { createFlowState } from '../models/flow-state.ts';
import { hasVerifiedFactor, listFactors } from '../models/factors.ts';
import { findIdentities, insertIdentity, mergeIdentityData } from '../models/identities.ts';
import { deleteUserSessions } from '../models/sessions.ts';
import { NOW } from '../models/sql.ts';
import { userJson } from '../models/user-json.ts';
import { findUserByEmail, findUserById, findUserByPhone, updateUser } from '../models/users.ts';
import { checkPasswordStrength, hashPassword, passwordMatches } from '../password.ts';
import { redirectTarget } from '../redirect.ts';
import { metadata, optionalText, readJson, text } from '../request.ts';
import { validateEmail, validateMessageChannel, validatePhone, validatePkceParams } from '../validate.ts';

const DAY_MS = 24 * 3600 * 1000;

export const getUser: UserHandler = async (c, deps, { claims, user }) => {
  if (claims.aud !== 'authenticated') throw AuthErrors.validation("Token audience doesn't match request audience");
  return c.json(userJson(user, await findIdentities(deps.db, user.id), await listFactors(deps.db, user.id)));
};

const UpdateBody = z.object({
  email: text,
  phone: text,
  password: optionalText,
  nonce: text,
  data: metadata,
  app_metadata: metadata,
  code_challenge: text,
  code_challenge_method: text,
  channel: text,
});

export const updateCurrentUser: UserHandler = async (c, deps, { user, session }) => {
  const body = await readJson(c, UpdateBody);
  const { settings } = deps;
  const email = body.email !== '' ? validateEmail(body.email) : '';
  const phone = body.phone !== '' ? validatePhone(body.phone) : '';
  if (phone !== '') validateMessageChannel(body.channel);
  if (body.password !== undefined) checkPasswordStrength(body.password, settings);
  if (body.app_metadata) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  const challengeMethod = validatePkceParams(body.code_challenge_method, body.code_challenge);

  if (user.is_anonymous && body.password && email === '' && phone === '') {
    throw new AuthError(
      422,
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  const changesEmail = email !== '' && email !== user.email;
  const changesPhone = phone !== '' && phone !== user.phone;
  // Someone holding only the password (or a mailbox) must not be able to take over an account with a second factor.
  const changesCredentials = changesEmail || changesPhone || (body.password !== undefined && body.password !== '');
  if (changesCredentials && session?.aal !== 'aal2' && (await hasVerifiedFactor(deps.db, user.id))) {
    throw AuthErrors.insufficientAal(401, 'AAL2 session is required to update email or password when MFA is enabled.');
  }
  if (changesEmail && (await findUserByEmail(deps.db, email))) throw AuthErrors.emailExists();
  if (changesPhone && (await findUserByPhone(deps.db, phone))) throw AuthErrors.phoneExists();

  let passwordHash: string | undefined;
  const signedInRecently = !!session && Date.parse(session.created_at) + DAY_MS > Date.now();
  const needsNonce = body.password !== undefined && settings.passwordChangeNeedsReauthentication && !signedInRecently;
  if (body.password !== undefined) {
    if (needsNonce && body.nonce === '') throw AuthErrors.reauthenticationNeeded();
    if (body.password !== '' && (await passwordMatches(body.password, user.encrypted_password))) {
      throw AuthErrors.samePassword();
    }
    passwordHash = await hashPassword(body.password);
  }

  const updated = await deps.db.transaction(async (tx) => {
    let current = user;
    if (passwordHash !== undefined) {
      if (needsNonce) await spendReauthenticationCode(tx, deps, current, body.nonce);
      current = await updateUser(tx, current.id, { encrypted_password: passwordHash });
      // Other devices must sign in again with the new password.
      await deleteUserSessions(tx, current.id, session?.id);
    }
    if (body.data)
      current = await updateUser(tx, current.id, {
        raw_user_meta_data: mergeMetadata(current.raw_user_meta_data, body.data),
      });
    if (changesEmail && current.is_anonymous && settings.mailerAutoconfirm) {
      // Without e-mail confirmations an anonymous user takes the address at once, as a sign-up would.
      const pending = await updateUser(tx, current.id, { email_change: email });
      const applied = await applyEmailChange(tx, deps, pending, '');
      if ('user' in applied) current = applied.user;
    } else if (changesEmail) {
      if (challengeMethod) {
        await createFlowState(tx, {
          userId: current.id,
          method: 'email_change',
          challenge: body.code_challenge,
          challengeMethod,
        });
      }
      const redirectTo = redirectTarget(settings, requestedRedirect(c), c.req.header('referer'));
      current = await sendEmailChange(tx, deps, current, email, { pkce: !!challengeMethod, redirectTo });
    }
    if (changesPhone && !settings.phoneAutoconfirm) {
      // With SMS confirmations on, the new number is taken once the code texted to it is verified.
      await sendPhoneCode(tx, deps, current, phone, 'phone_change');
      current = (await findUserById(tx, current.id))!;
    } else if (changesPhone) {
      // With SMS confirmations off (GoTrue's autoconfirm), a new number is taken at once.
      current = await updateUser(tx, current.id, {
        phone,
        phone_confirmed_at: NOW,
        phone_change: '',
        // An anonymous user who adds a number becomes a permanent one.
        is_anonymous: false,
      });
      const patch = { phone, phone_verified: true };
      if (!(await mergeIdentityData(tx, current.id, 'phone', patch))) {
        await insertIdentity(tx, {
          userId: current.id,
          provider: 'phone',
          identityData: { sub: current.id, ...patch, email_verified: false },
        });
      }
    }
    return userJson(current, await findIdentities(tx, current.id), await listFactors(tx, current.id));
  });
  return c.json(updated);
};
