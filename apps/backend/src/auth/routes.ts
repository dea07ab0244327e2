// The auth service's route table (GoTrue-compatible), mounted at /auth/v1: every route with its guard, in one place.
import { Hono, type Context } from 'hono';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import type { AdminHandler, AuthDeps, OpenHandler, UserHandler } from './context.ts';
import { authenticateAdmin, authenticateUser, notAnonymous } from './guards.ts';
import { createUser, updateUserById } from './handlers/admin-user-write.ts';
import { deleteUserById, getUserById, listAllUsers } from './handlers/admin-users.ts';
import { deleteUserFactor, listUserFactors, updateUserFactor } from './handlers/admin-factors.ts';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './handlers/factors.ts';
import { externalAuthorize, samlDisabled } from './handlers/external-authorize.ts';
import { externalCallback } from './handlers/external-callback.ts';
import { generateLink } from './handlers/generate-link.ts';
import { consentToAuthorization, getAuthorization, oauthAuthorize } from './handlers/oauth-authorize.ts';
import {
  adminDeleteClient,
  adminGetClient,
  adminListClients,
  adminRegenerateSecret,
  adminRegisterClient,
  adminUpdateClient,
  dynamicRegisterClient,
} from './handlers/oauth-clients.ts';
import { authorizationServerMetadata, listGrants, revokeGrant, whenOAuthServer } from './handlers/oauth-grants.ts';
import { oauthToken } from './handlers/oauth-token.ts';
import { deleteIdentity, linkIdentity, requireManualLinking } from './handlers/identities.ts';
import { invite } from './handlers/invite.ts';
import { logout } from './handlers/logout.ts';
import { otp } from './handlers/otp.ts';
import { passkeyRegistrationOptions, passkeyRegistrationVerify } from './handlers/passkey-registration.ts';
import { passkeyAuthenticationOptions, passkeyAuthenticationVerify } from './handlers/passkey-sign-in.ts';
import {
  adminDeletePasskey,
  adminListPasskeys,
  deleteOwnPasskey,
  listOwnPasskeys,
  passkeysGate,
  updateOwnPasskey,
} from './handlers/passkeys.ts';
import { reauthenticate } from './handlers/reauthenticate.ts';
import { recover } from './handlers/recover.ts';
import { resend } from './handlers/resend.ts';
import { health, settings } from './handlers/settings.ts';
import { signup } from './handlers/signup.ts';
import { token } from './handlers/token.ts';
import { getUser, updateCurrentUser } from './handlers/user.ts';
import { verifyGet, verifyPost } from './handlers/verify.ts';
import { limited, limitedUser } from './rate-limit.ts';
import { checkAuthInput } from './input-guard.ts';
import { renderAuthError } from './respond.ts';
import { authSettings } from './settings.ts';

/** Guards: who may call a handler. */
function guards(deps: AuthDeps) {
  return {
    open: (handler: OpenHandler) => (c: Context) => handler(c, deps),
    user: (handler: UserHandler) => async (c: Context) => handler(c, deps, await authenticateUser(c, deps)),
    admin: (handler: AdminHandler) => async (c: Context) => handler(c, deps, await authenticateAdmin(c, deps)),
  };
}

function authApp(deps: Deps): { app: Hono<AppEnv>; allow: ReturnType<typeof guards>; authDeps: AuthDeps } {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => renderAuthError(c, error));
  app.use('*', checkAuthInput);
  const authDeps = { ...deps, settings: authSettings(deps.config) };
  return { app, allow: guards(authDeps), authDeps };
}

/**
 * Routes reached without an apikey, as behind the Supabase gateway: e-mail links, the public key set, and the
 * browser's trips to and back from an OAuth provider.
 */
export function openAuthRoutes(deps: Deps): Hono<AppEnv> {
  const { app, allow } = authApp(deps);
  app.get('/.well-known/jwks.json', (c) => c.json(deps.keys.jwks));
  app.get('/verify', allow.open(limited('token_verifications', verifyGet)));
  app.get('/authorize', allow.open(externalAuthorize));
  app.get('/callback', allow.open(externalCallback));
  app.post('/callback', allow.open(externalCallback));

  // The OAuth 2.1 server's public side: third-party applications hold no apikey.
  app.get('/.well-known/oauth-authorization-server', allow.open(whenOAuthServer(authorizationServerMetadata)));
  app.get('/oauth/authorize', allow.open(whenOAuthServer(oauthAuthorize)));
  app.post('/oauth/token', allow.open(whenOAuthServer(oauthToken)));
  app.post('/oauth/clients/register', allow.open(whenOAuthServer(dynamicRegisterClient)));
  return app;
}

export function authRoutes(deps: Deps): Hono<AppEnv> {
  const { app, allow, authDeps } = authApp(deps);
  app.get('/health', allow.open(health));
  app.get('/settings', allow.open(settings));

  app.post('/signup', allow.open(signup));
  app.post('/token', allow.open(token));
  app.post('/verify', allow.open(limited('token_verifications', verifyPost)));
  app.post('/otp', allow.open(limited('sign_in_sign_ups', otp)));
  app.post('/magiclink', allow.open(limited('sign_in_sign_ups', otp)));
  app.post('/recover', allow.open(limited('sign_in_sign_ups', recover)));
  app.post('/resend', allow.open(limited('sign_in_sign_ups', resend)));

  app.get('/user', allow.user(getUser));
  app.put('/user', allow.user(limitedUser('sign_in_sign_ups', updateCurrentUser)));
  app.get('/user/identities/authorize', allow.user(requireManualLinking(linkIdentity)));
  app.delete('/user/identities/:identity_id', allow.user(requireManualLinking(deleteIdentity)));
  app.get('/user/oauth/grants', allow.user(whenOAuthServer(listGrants)));
  app.delete('/user/oauth/grants', allow.user(whenOAuthServer(revokeGrant)));
  app.get('/oauth/authorizations/:authorization_id', allow.user(whenOAuthServer(getAuthorization)));
  app.post('/oauth/authorizations/:authorization_id/consent', allow.user(whenOAuthServer(consentToAuthorization)));
  app.post('/logout', allow.user(logout));
  app.get('/reauthenticate', allow.user(reauthenticate));
  app.post('/factors', allow.user(notAnonymous(enrollFactor)));
  app.post('/factors/:factor_id/challenge', allow.user(notAnonymous(limitedUser('mfa', challengeFactor))));
  app.post('/factors/:factor_id/verify', allow.user(notAnonymous(limitedUser('mfa', verifyFactor))));
  app.delete('/factors/:factor_id', allow.user(notAnonymous(unenrollFactor)));

  app.use('/passkeys', passkeysGate(authDeps.settings));
  app.use('/passkeys/*', passkeysGate(authDeps.settings));
  app.post('/passkeys/authentication/options', allow.open(passkeyAuthenticationOptions));
  app.post('/passkeys/authentication/verify', allow.open(passkeyAuthenticationVerify));
  app.post('/passkeys/registration/options', allow.user(notAnonymous(passkeyRegistrationOptions)));
  app.post('/passkeys/registration/verify', allow.user(notAnonymous(passkeyRegistrationVerify)));
  app.get('/passkeys', allow.user(listOwnPasskeys));
  app.patch('/passkeys/:passkey_id', allow.user(updateOwnPasskey));
  app.delete('/passkeys/:passkey_id', allow.user(deleteOwnPasskey));

  app.all('/sso', allow.open(samlDisabled));
  app.all('/sso/*', allow.open(samlDisabled));

  app.post('/invite', allow.admin(invite));
  app.post('/admin/generate_link', allow.admin(generateLink));
  app.get('/admin/users', allow.admin(listAllUsers));
  app.post('/admin/users', allow.admin(createUser));
  app.get('/admin/users/:user_id', allow.admin(getUserById));
  app.put('/admin/users/:user_id', allow.admin(updateUserById));
  app.delete('/admin/users/:user_id', allow.admin(deleteUserById));
  app.get('/admin/users/:user_id/factors', allow.admin(listUserFactors));
  app.put('/admin/users/:user_id/factors/:factor_id', allow.admin(updateUserFactor));
  app.delete('/admin/users/:user_id/factors/:factor_id', allow.admin(deleteUserFactor));
  app.post('/admin/oauth/clients', allow.admin(whenOAuthServer(adminRegisterClient)));
  app.get('/admin/oauth/clients', allow.admin(whenOAuthServer(adminListClients)));
  app.get('/admin/oauth/clients/:client_id', allow.admin(whenOAuthServer(adminGetClient)));
  app.put('/admin/oauth/clients/:client_id', allow.admin(whenOAuthServer(adminUpdateClient)));
  app.delete('/admin/oauth/clients/:client_id', allow.admin(whenOAuthServer(adminDeleteClient)));
  app.post('/admin/oauth/clients/:client_id/regenerate_secret', allow.admin(whenOAuthServer(adminRegenerateSecret)));
  app.get('/admin/users/:user_id/passkeys', allow.admin(adminListPasskeys));
  app.delete('/admin/users/:user_id/passkeys/:passkey_id', allow.admin(adminDeletePasskey));
  return app;
}
