// The "before user created" hook: asked before every account that signing up, an anonymous sign-in, a magic link or
// code for a new address, an invitation or a generated signup/invite link would create (not the admin API's
// create-user, which GoTrue does not hook). A rejection stops the request before anything is written.
import { randomUUID } from 'node:crypto';
import type { AuthDeps } from '../context.ts';
import { newAccountAppMetadata } from '../flows/accounts.ts';
import { invokeHookFunction } from './pg-function.ts';

/** The account about to be created, with the id it will be inserted with. */
export interface NewUserCandidate {
  id: string;
  email?: string;
  phone?: string;
  userMetadata: Record<string, unknown>;
  anonymous?: boolean;
  /** The external provider (google, web3, ...) the account is created through, instead of its addresses'. */
  provider?: string;
}

/** Go's zero time: the timestamps of a user that is not saved yet, as GoTrue sends them. */
const NOT_SAVED_YET = '0001-01-01T00:00:00Z';

function userPayload(candidate: NewUserCandidate): Record<string, unknown> {
  // GoTrue names no provider for an anonymous user: it has no identity.
  const provider = candidate.provider;
  const appMetadata = candidate.anonymous
    ? {}
    : provider
      ? { provider, providers: [provider] }
      : newAccountAppMetadata(candidate);
  return {
    id: candidate.id,
    aud: 'authenticated',
    role: '',
    email: candidate.email ?? '',
    phone: candidate.phone ?? '',
    app_metadata: appMetadata,
    user_metadata: candidate.userMetadata,
    identities: [],
    created_at: NOT_SAVED_YET,
    updated_at: NOT_SAVED_YET,
    is_anonymous: candidate.anonymous ?? false,
  };
}

/** Resolves when the hook is off or lets the account be created; otherwise throws the hook's answer. */
export async function checkBeforeUserCreated(
  deps: AuthDeps,
  ipAddress: string,
  candidate: NewUserCandidate,
): Promise<void> {
  const hook = deps.settings.beforeUserCreatedHook;
  if (!hook) return;
  const event = {
    metadata: {
      uuid: randomUUID(),
      time: new Date().toISOString(),
      name: 'before-user-created',
      ip_address: ipAddress,
    },
    user: userPayload(candidate),
  };
  await invokeHookFunction(deps.db, hook, event, ['decision', 'message']);
}
