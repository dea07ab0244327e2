// Anonymous sign-in: POST /signup without e-mail or phone, when [auth] enable_anonymous_sign_ins is on. The user has
// no identity and `is_anonymous` in its tokens until it adds an e-mail address or phone number.
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { checkBeforeUserCreated } from '../hooks/before-user-created.ts';
import { insertUser } from '../models/users.ts';
import { newId } from '../secrets.ts';
import { issueSession, type SessionResponse } from '../tokens.ts';

export async function signInAnonymously(
  deps: AuthDeps,
  data: Record<string, unknown>,
  userAgent: string | undefined,
  ipAddress: string,
): Promise<SessionResponse> {
  if (!deps.settings.anonymousSignInsEnabled) {
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  if (deps.settings.signupDisabled) throw AuthErrors.signupDisabled();
  const id = newId();
  await checkBeforeUserCreated(deps, ipAddress, { id, userMetadata: data, anonymous: true });
  return deps.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      id,
      email: null,
      phone: null,
      encryptedPassword: null,
      // GoTrue names no provider for an anonymous user: it has no identity.
      appMetadata: {},
      userMetadata: data,
      isAnonymous: true,
    }).catch((error: unknown) => {
      throw AuthErrors.internal('Database error creating anonymous user', error);
    });
    return issueSession(tx, deps, user, 'anonymous', userAgent);
  });
}
