// Creating an account by e-mail or phone and password, shared by /signup and by /otp for unknown addresses.
// With confirmations off the account is confirmed and signed in at once; otherwise a confirmation e-mail is sent.
import { DbError } from '../../db/types.ts';
import type { AuthDeps } from '../context.ts';
import { AuthError, AuthErrors } from '../errors.ts';
import { checkBeforeUserCreated } from '../hooks/before-user-created.ts';
import { createFlowState } from '../models/flow-state.ts';
import { findIdentities } from '../models/identities.ts';
import { userJson } from '../models/user-json.ts';
import { findUserByEmail, findUserById, findUserByPhone, type UserRow } from '../models/users.ts';
import { hashPassword } from '../password.ts';
import { newId } from '../secrets.ts';
import { issueSession, type SessionResponse } from '../tokens.ts';
import type { CodeChallengeMethod } from '../validate.ts';
import { confirmEmail, confirmPhone, createAccount } from './accounts.ts';
import { sendConfirmation } from './email-tokens.ts';
import { sendPhoneCode } from './phone-tokens.ts';

export interface SignupRequest {
  email?: string;
  phone?: string;
  password: string;
  data: Record<string, unknown>;
  challenge?: { method: CodeChallengeMethod; value: string };
  redirectTo: string;
  userAgent?: string;
  /** The client's address, for the before-user-created hook. */
  ipAddress: string;
  /** False when the caller only needs the account (a magic link follows): no session is started. */
  startSession?: boolean;
}

export type SignupResult = { session: SessionResponse } | { user: Record<string, unknown> };

/**
 * What GoTrue answers, when confirmations are on, for an address that already has a confirmed account: a made-up
 * unconfirmed user without identities, indistinguishable from a real sign-up except to the address's owner.
 */
function lookalikeUser(request: SignupRequest): Record<string, unknown> {
  const now = new Date().toISOString();
  const provider = request.email ? 'email' : 'phone';
  return {
    id: newId(),
    aud: 'authenticated',
    role: '',
    email: request.email ?? '',
    phone: request.phone ?? '',
    confirmation_sent_at: now,
    app_metadata: { provider, providers: [provider] },
    user_metadata: request.data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

async function answerForExisting(deps: AuthDeps, request: SignupRequest, existing: UserRow): Promise<SignupResult> {
  const autoconfirm = request.email ? deps.settings.mailerAutoconfirm : deps.settings.phoneAutoconfirm;
  // Unlike GoTrue, an unconfirmed account is not confirmed by signing up again without its password.
  if (autoconfirm) throw AuthErrors.userAlreadyExists();
  const confirmed = request.email ? existing.email_confirmed_at : existing.phone_confirmed_at;
  if (confirmed) return { user: lookalikeUser(request) };
  if (!request.email) {
    // An unconfirmed number gets a new code, as a first sign-up would.
    const user = await deps.db.transaction(async (tx) => {
      await sendPhoneCode(tx, deps, existing, request.phone!, 'confirmation');
      return findUserByIdOrThrow(tx, existing.id);
    });
    return { user: userJson(user, await findIdentities(deps.db, user.id)) };
  }
  const user = await deps.db.transaction(async (tx) => {
    if (request.challenge) await startSignupFlow(tx, existing.id, request.challenge);
    return sendConfirmation(tx, deps, existing, { pkce: !!request.challenge, redirectTo: request.redirectTo });
  });
  const answer = userJson(user, await findIdentities(deps.db, user.id));
  // Whoever knows an invited address must not read what the inviter stored about its owner.
  if (user.invited_at) return { user: { ...answer, user_metadata: {}, identities: [] } };
  return { user: answer };
}

function startSignupFlow(
  tx: Parameters<typeof createFlowState>[0],
  userId: string,
  challenge: NonNullable<SignupRequest['challenge']>,
) {
  return createFlowState(tx, {
    userId,
    method: 'email/signup',
    challenge: challenge.value,
    challengeMethod: challenge.method,
  });
}

async function findUserByIdOrThrow(q: Parameters<typeof findUserById>[0], id: string): Promise<UserRow> {
  const user = await findUserById(q, id);
  if (!user) throw AuthErrors.internal('Database error loading user');
  return user;
}

export async function signUp(deps: AuthDeps, request: SignupRequest): Promise<SignupResult> {
  const existing = request.email
    ? await findUserByEmail(deps.db, request.email)
    : await findUserByPhone(deps.db, request.phone!);
  if (existing) return answerForExisting(deps, request, existing);

  const id = newId();
  await checkBeforeUserCreated(deps, request.ipAddress, {
    id,
    email: request.email,
    phone: request.phone,
    userMetadata: request.data,
  });
  // Hashing is slow on purpose; it happens before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(request.password);
  try {
    return await deps.db.transaction(async (tx): Promise<SignupResult> => {
      const provider = request.email ? 'email' : 'phone';
      let user = await createAccount(tx, {
        id,
        email: request.email,
        phone: request.phone,
        passwordHash,
        userMetadata: request.data,
      });
      const autoconfirmed = provider === 'phone' ? deps.settings.phoneAutoconfirm : deps.settings.mailerAutoconfirm;
      if (autoconfirmed) {
        user = provider === 'phone' ? await confirmPhone(tx, user) : await confirmEmail(tx, user);
        if (request.startSession === false) return { user: userJson(user, await findIdentities(tx, user.id)) };
        return { session: await issueSession(tx, deps, user, 'password', request.userAgent) };
      }
      if (provider === 'phone') {
        await sendPhoneCode(tx, deps, user, request.phone!, 'confirmation');
        return { user: userJson(await findUserByIdOrThrow(tx, user.id), await findIdentities(tx, user.id)) };
      }
      if (request.challenge) await startSignupFlow(tx, user.id, request.challenge);
      user = await sendConfirmation(tx, deps, user, { pkce: !!request.challenge, redirectTo: request.redirectTo });
      return { user: userJson(user, await findIdentities(tx, user.id)) };
    });
  } catch (error) {
    // Two sign-ups for one address at once: the second finds the first's row.
    const cause = error instanceof AuthError ? error.cause : error;
    if (cause instanceof DbError && cause.code === '23505') {
      const winner = request.email
        ? await findUserByEmail(deps.db, request.email)
        : await findUserByPhone(deps.db, request.phone!);
      if (winner) return answerForExisting(deps, request, winner);
    }
    throw error;
  }
}
