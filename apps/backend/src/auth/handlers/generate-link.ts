// POST /admin/generate_link (service role): the link and code an auth e-mail would carry, returned instead of sent,
// for every link type GoTrue knows: signup, invite, magiclink, recovery, email_change_current, email_change_new. As in
// GoTrue, a magic link for an address without an account signs that address up.
import { z } from 'zod';
import type { Queryable } from '../../db/types.ts';
import { clientIp } from '../client-ip.ts';
import type { AdminHandler, AuthDeps } from '../context.ts';
import { verifyLink } from '../emails/send.ts';
import type { AuthEmailKind } from '../emails/templates.ts';
import { AuthErrors } from '../errors.ts';
import { createAccount, mergeMetadata, type NewAccount } from '../flows/accounts.ts';
import { checkBeforeUserCreated } from '../hooks/before-user-created.ts';
import { listFactors } from '../models/factors.ts';
import { findIdentities } from '../models/identities.ts';
import { saveOneTimeToken, type OneTimeTokenType } from '../models/one-time-tokens.ts';
import { NOW } from '../models/sql.ts';
import { userJson } from '../models/user-json.ts';
import { findUserByEmail, updateUser, type UserChanges, type UserRow } from '../models/users.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { redirectTarget } from '../redirect.ts';
import { metadata, readJson, text } from '../request.ts';
import { generateOtp, generateUnusablePassword, newId, tokenHash } from '../secrets.ts';
import { validateEmail } from '../validate.ts';

const LinkBody = z.object({
  type: text,
  email: text,
  new_email: text,
  password: text,
  data: metadata,
  redirect_to: text,
});

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

interface Issued {
  user: UserRow;
  otp: string;
  hash: string;
  kind: Exclude<AuthEmailKind, 'reauthentication'>;
}

/** Stores a new code for `address` in the token column of its kind, as the matching e-mail would. */
async function issueCode(
  q: Queryable,
  deps: AuthDeps,
  user: UserRow,
  address: string,
  kind: Issued['kind'],
  extra: UserChanges = {},
): Promise<Issued> {
  const otp = generateOtp(deps.settings.otpLength);
  const hash = tokenHash(address, otp);
  const columns: Record<Issued['kind'], [keyof UserChanges, keyof UserChanges, OneTimeTokenType]> = {
    confirmation: ['confirmation_token', 'confirmation_sent_at', 'confirmation_token'],
    invite: ['confirmation_token', 'confirmation_sent_at', 'confirmation_token'],
    magiclink: ['recovery_token', 'recovery_sent_at', 'recovery_token'],
    recovery: ['recovery_token', 'recovery_sent_at', 'recovery_token'],
    email_change: ['email_change_token_new', 'email_change_sent_at', 'email_change_token_new'],
  };
  let [tokenColumn, sentColumn, tokenType] = columns[kind];
  if (kind === 'email_change' && address === user.email) {
    [tokenColumn, tokenType] = ['email_change_token_current', 'email_change_token_current'];
  }
  const updated = await updateUser(q, user.id, { ...extra, [tokenColumn]: hash, [sentColumn]: NOW });
  await saveOneTimeToken(q, { userId: user.id, type: tokenType, hash, relatesTo: address });
  return { user: updated, otp, hash, kind };
}

async function issueForType(
  tx: Queryable,
  deps: AuthDeps,
  request: LinkRequest,
  existing: UserRow | undefined,
  newAccount: NewAccount,
): Promise<Issued> {
  const { type, email, body } = request;
  switch (type) {
    case 'signup':
    case 'invite': {
      if (existing?.email_confirmed_at) throw AuthErrors.emailExists();
      // A repeated sign-up link for an unconfirmed account takes the metadata sent with it, as GoTrue's does.
      const user = existing
        ? type === 'signup' && body.data
          ? await updateUser(tx, existing.id, {
              raw_user_meta_data: mergeMetadata(existing.raw_user_meta_data, body.data),
            })
          : existing
        : await createAccount(tx, newAccount);
      const extra: UserChanges = type === 'invite' ? { invited_at: NOW } : {};
      return issueCode(tx, deps, user, email, type === 'signup' ? 'confirmation' : 'invite', extra);
    }
    case 'magiclink':
    case 'recovery':
      if (!existing) throw AuthErrors.userWithEmailNotFound();
      return issueCode(tx, deps, existing, email, type);
    default: {
      if (!existing) throw AuthErrors.userWithEmailNotFound();
      if (type === 'email_change_current' && !deps.settings.secureEmailChange) {
        throw AuthErrors.validation('Enable secure email change to generate link for current email');
      }
      const newEmail = validateEmail(body.new_email);
      if (await findUserByEmail(tx, newEmail)) throw AuthErrors.emailExists();
      const change: UserChanges = { email_change: newEmail, email_change_confirm_status: 0 };
      const address = type === 'email_change_current' ? email : newEmail;
      return issueCode(tx, deps, existing, address, 'email_change', change);
    }
  }
}

interface LinkRequest {
  /** The link type served, which is not always the one asked for (see `linkType`). */
  type: string;
  email: string;
  body: z.output<typeof LinkBody>;
}

/**
 * The link to make for the requested type, as GoTrue decides it: a magic link for an address without an account is
 * a sign-up link (for an account whose password nobody knows), and the links that need an account refuse an unknown
 * address.
 */
function linkType(requested: string, existing: UserRow | undefined): string {
  if (existing) return requested;
  if (requested === 'magiclink') return 'signup';
  if (['recovery', 'email_change_current', 'email_change_new'].includes(requested)) {
    throw AuthErrors.userWithEmailNotFound();
  }
  return requested;
}

export const generateLink: AdminHandler = async (c, deps) => {
  const body = await readJson(c, LinkBody);
  const email = validateEmail(body.email);
  const existing = await findUserByEmail(deps.db, email);
  const type = linkType(body.type, existing);
  if (!LINK_TYPES.includes(type)) throw AuthErrors.validation(`Invalid email action link type requested: ${type}`);
  const createsUser = (type === 'signup' || type === 'invite') && !existing;
  const signUpByMagicLink = body.type === 'magiclink' && type === 'signup';
  // The password of an account a magic link creates is random, so it is not held to the password policy.
  const password = signUpByMagicLink ? generateUnusablePassword() : body.password;
  if (type === 'signup' && !existing && !signUpByMagicLink) {
    if (password === '') throw AuthErrors.validation('Signup requires a valid password');
    checkPasswordStrength(password, deps.settings);
  }
  const newAccount = { id: newId(), email, passwordHash: null as string | null, userMetadata: body.data ?? {} };
  if (createsUser) await checkBeforeUserCreated(deps, clientIp(c), newAccount);
  if (type === 'signup' && password !== '') newAccount.passwordHash = await hashPassword(password);
  const redirectTo = redirectTarget(deps.settings, body.redirect_to || c.req.query('redirect_to'));

  const request = { type, email, body };
  const issued = await deps.db.transaction((tx) => issueForType(tx, deps, request, existing, newAccount));
  const user = userJson(
    issued.user,
    await findIdentities(deps.db, issued.user.id),
    await listFactors(deps.db, issued.user.id),
  );
  const verificationType = { confirmation: 'signup' }[issued.kind as 'confirmation'] ?? issued.kind;
  return c.json({
    ...user,
    action_link: verifyLink(deps, issued.kind, issued.hash, redirectTo),
    email_otp: issued.otp,
    hashed_token: issued.hash,
    verification_type: verificationType,
    redirect_to: redirectTo,
  });
};
