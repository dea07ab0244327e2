// Signing in through an external provider (an OpenID Connect ID token, a web3 wallet), as GoTrue does it: the account
// is found, linked or created (asking the before-user-created hook first), the identity and metadata refreshed, an
// account whose address is not confirmed is secured or confirmed, and a session started.
import type { Queryable } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { checkBeforeUserCreated } from '../hooks/before-user-created.ts';
import {
  deleteIdentitiesExcept,
  identityProviders,
  insertExternalIdentity,
  replaceIdentityData,
} from '../models/external-identities.ts';
import type { IdentityRow } from '../models/identities.ts';
import { insertUser, isBanned, updateUser, type UserRow } from '../models/users.ts';
import { newId } from '../secrets.ts';
import { issueSession, type SessionResponse } from '../tokens.ts';
import { confirmEmail, mergeMetadata } from './accounts.ts';
import { sendConfirmation } from './email-tokens.ts';
import { decideAccountLinking, type ExternalUserData, type LinkingDecision } from './external-linking.ts';

export interface ExternalSignIn {
  /** The identities' provider: "google", "keycloak", "web3", ... */
  provider: string;
  /** What the session's amr records: "oauth" for ID tokens, "web3" for wallets. */
  method: 'oauth' | 'web3';
  data: ExternalUserData;
  /** [auth.external.<provider>] email_optional: the provider may not tell the person's address. */
  emailOptional: boolean;
  userAgent: string | undefined;
  ipAddress: string;
  /** Where the confirmation e-mail for an unverified address leads. */
  redirectTo: string;
}

async function refreshProviders(q: Queryable, user: UserRow): Promise<UserRow> {
  const providers = await identityProviders(q, user.id);
  return updateUser(q, user.id, { raw_app_meta_data: { ...user.raw_app_meta_data, providers } });
}

async function mergeUserMetadata(q: Queryable, user: UserRow, data: Record<string, unknown>): Promise<UserRow> {
  return updateUser(q, user.id, { raw_user_meta_data: mergeMetadata(user.raw_user_meta_data, data) });
}

async function applyDecision(
  tx: Queryable,
  deps: AuthDeps,
  decision: LinkingDecision,
  signIn: ExternalSignIn,
  newUserId: string,
): Promise<{ user: UserRow; identity: IdentityRow }> {
  const { provider, data } = signIn;
  const identityOf = (user: UserRow) =>
    insertExternalIdentity(tx, {
      userId: user.id,
      provider,
      providerId: data.subject,
      identityData: data.identityData,
    });
  switch (decision.kind) {
    case 'existing': {
      await replaceIdentityData(tx, decision.identity.id, data.identityData);
      const user = await mergeUserMetadata(tx, decision.user, data.identityData);
      return { user: await refreshProviders(tx, user), identity: decision.identity };
    }
    case 'link': {
      const identity = await identityOf(decision.user);
      const user = await mergeUserMetadata(tx, decision.user, data.identityData);
      return { user: await refreshProviders(tx, user), identity };
    }
    case 'create': {
      if (deps.settings.signupDisabled) throw AuthErrors.signupDisabled();
      const user = await insertUser(tx, {
        id: newUserId,
        email: decision.candidateEmail.email || null,
        phone: null,
        encryptedPassword: null,
        appMetadata: { provider, providers: [provider] },
        userMetadata: data.identityData,
      }).catch((error: unknown) => {
        throw AuthErrors.internal('Database error saving new user', error);
      });
      return { user, identity: await identityOf(user) };
    }
    case 'ambiguous':
      throw AuthErrors.internal('Multiple accounts with the same email address in the same linking domain detected');
  }
}

/**
 * The account's address is not confirmed, so whoever registered it may not be its owner: the password and every
 * other identity go, and the account takes the provider's view of the person.
 */
async function removeUnconfirmedIdentities(tx: Queryable, user: UserRow, identity: IdentityRow): Promise<UserRow> {
  await deleteIdentitiesExcept(tx, user.id, identity.id);
  const secured = await updateUser(tx, user.id, { encrypted_password: '', raw_user_meta_data: identity.identity_data });
  return refreshProviders(tx, secured);
}

async function unverifiedEmailRefusal(
  tx: Queryable,
  deps: AuthDeps,
  user: UserRow,
  signIn: ExternalSignIn,
): Promise<AuthError> {
  const { provider } = signIn;
  if (!user.email) {
    return new AuthError(
      422,
      'provider_email_needs_verification',
      `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
    );
  }
  await sendConfirmation(tx, deps, user, { pkce: false, redirectTo: signIn.redirectTo });
  return new AuthError(
    422,
    'provider_email_needs_verification',
    `Unverified email with ${provider}. A confirmation email has been sent to your ${provider} email`,
  );
}

/** Asks the hook, before anything is written, when the sign-in would create an account. */
export async function checkNewAccount(deps: AuthDeps, signIn: ExternalSignIn, newUserId: string): Promise<void> {
  if (!deps.settings.beforeUserCreatedHook) return;
  const decision = await decideAccountLinking(deps.db, signIn.data, signIn.provider);
  if (decision.kind !== 'create') return;
  if (deps.settings.signupDisabled) throw AuthErrors.signupDisabled();
  await checkBeforeUserCreated(deps, signIn.ipAddress, {
    id: newUserId,
    email: decision.candidateEmail.email || undefined,
    userMetadata: signIn.data.identityData,
    provider: signIn.provider,
  });
}

/**
 * The account an external identity signs in to, found, linked or created in `tx`; a refusal to send after the
 * commit (the confirmation e-mail is kept) is returned, not thrown. Ask checkNewAccount first, outside `tx`.
 */
export async function accountForExternalIdentity(
  tx: Queryable,
  deps: AuthDeps,
  signIn: ExternalSignIn,
  newUserId: string,
): Promise<UserRow | AuthError> {
  const decision = await decideAccountLinking(tx, signIn.data, signIn.provider);
  let { user, identity } = await applyDecision(tx, deps, decision, signIn, newUserId);
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
  const candidateEmail = 'candidateEmail' in decision ? decision.candidateEmail : undefined;
  const hasEmail = signIn.provider !== 'web3' && (!signIn.emailOptional || !!candidateEmail?.email);
  if (hasEmail && !user.email_confirmed_at) {
    user = await removeUnconfirmedIdentities(tx, user, identity);
    if (!candidateEmail?.verified && !deps.settings.mailerAutoconfirm) {
      return unverifiedEmailRefusal(tx, deps, user, signIn);
    }
    user = await confirmEmail(tx, user);
  }
  return user;
}

export async function signInWithExternalIdentity(deps: AuthDeps, signIn: ExternalSignIn): Promise<SessionResponse> {
  const newUserId = newId();
  await checkNewAccount(deps, signIn, newUserId);
  // A refusal for an unverified address keeps the account and the e-mail sent, so it is thrown after the commit.
  const outcome = await deps.db.transaction(async (tx): Promise<SessionResponse | AuthError> => {
    const user = await accountForExternalIdentity(tx, deps, signIn, newUserId);
    if (user instanceof AuthError) return user;
    return issueSession(tx, deps, user, signIn.method, signIn.userAgent);
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}
