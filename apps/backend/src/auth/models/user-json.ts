// The user object as GoTrue sends it (field names, and which fields are left out when empty).
import type { FactorRow } from './factors.ts';
import type { IdentityRow } from './identities.ts';
import type { UserRow } from './users.ts';

type Json = Record<string, unknown>;

/** Copies only the fields that have a value, like Go's `omitempty`. */
function present(fields: Json): Json {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined && value !== ''),
  );
}

export function identityJson(identity: IdentityRow): Json {
  return {
    identity_id: identity.id,
    id: identity.provider_id,
    user_id: identity.user_id,
    identity_data: identity.identity_data,
    provider: identity.provider,
    ...present({ last_sign_in_at: identity.last_sign_in_at }),
    created_at: identity.created_at,
    updated_at: identity.updated_at,
    ...present({ email: identity.email }),
  };
}

/** A factor as GoTrue lists it; its secret is never part of it. */
export function factorJson(factor: FactorRow): Json {
  return {
    id: factor.id,
    ...present({ friendly_name: factor.friendly_name }),
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at,
    updated_at: factor.updated_at,
    phone: factor.phone ?? '',
    last_challenged_at: factor.last_challenged_at,
    ...present({ web_authn_aaguid: factor.web_authn_aaguid }),
  };
}

export function userJson(user: UserRow, identities: IdentityRow[], factors: FactorRow[] = []): Json {
  return {
    id: user.id,
    aud: user.aud ?? '',
    role: user.role ?? '',
    email: user.email ?? '',
    ...present({ email_confirmed_at: user.email_confirmed_at, invited_at: user.invited_at }),
    phone: user.phone ?? '',
    ...present({
      phone_confirmed_at: user.phone_confirmed_at,
      confirmation_sent_at: user.confirmation_sent_at,
      confirmed_at: user.confirmed_at,
      recovery_sent_at: user.recovery_sent_at,
      new_email: user.email_change,
      email_change_sent_at: user.email_change_sent_at,
      new_phone: user.phone_change,
      phone_change_sent_at: user.phone_change_sent_at,
      reauthentication_sent_at: user.reauthentication_sent_at,
      last_sign_in_at: user.last_sign_in_at,
    }),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: user.created_at,
    updated_at: user.updated_at,
    ...present({ banned_until: user.banned_until, deleted_at: user.deleted_at }),
    is_anonymous: user.is_anonymous,
    // GoTrue leaves the list out when the user has no factor.
    ...(factors.length > 0 ? { factors: factors.map(factorJson) } : {}),
  };
}
