// GET/POST /callback: where a provider returns the browser with an authorization code. The code is exchanged, the
// ID token verified, and the flow finished as GoTrue finishes it: the identity linked to the flow's account or the
// person signed in; then the browser goes back with tokens in the fragment, or with ?code= for a PKCE flow. Every
// failure goes back to the same address with the error in the query and the fragment.
import type { Context } from 'hono';
import { clientIp } from '../client-ip.ts';
import { userAgentOf, type AuthDeps, type OpenHandler } from '../context.ts';
import { AuthError } from '../errors.ts';
import { accountForExternalIdentity, checkNewAccount } from '../flows/external-accounts.ts';
import { linkIdentityToUser } from '../flows/identity-linking.ts';
import { completeOAuthFlow, deleteFlowState, findOAuthFlowForUpdate, type OAuthFlowRow } from '../models/flow-state.ts';
import { findUserById } from '../models/users.ts';
import { OAuthError } from '../oauth-error.ts';
import { exchangeCode, redirectProvider } from '../oidc/authorization.ts';
import { verifyIdToken } from '../oidc/verify.ts';
import { newId } from '../secrets.ts';
import { issueSession } from '../tokens.ts';
import { errorRedirect, pkceRedirect } from '../verify-redirects.ts';

const badCallback = (message: string) => new AuthError(400, 'bad_oauth_callback', message);
const badState = (message: string) => new AuthError(400, 'bad_oauth_state', message);

async function callbackParams(c: Context): Promise<URLSearchParams> {
  const params = new URL(c.req.url).searchParams;
  if (c.req.method === 'POST') {
    // Providers answering with response_mode=form_post send the code in a form.
    for (const [key, value] of new URLSearchParams(await c.req.text())) params.set(key, value);
  }
  return params;
}

function tokensRedirect(target: string, values: Record<string, string>): string {
  const fragment = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== ''));
  fragment.sort();
  return `${target}#${fragment.toString()}`;
}

function oauthErrorRedirect(target: string, error: OAuthError): string {
  const url = new URL(target);
  const values = { error: error.error, error_description: error.description };
  for (const [key, value] of Object.entries(values)) url.searchParams.set(key, value);
  url.hash = new URLSearchParams(values).toString();
  return url.toString();
}

async function finish(c: Context, deps: AuthDeps, flow: OAuthFlowRow, code: string): Promise<string> {
  const provider = redirectProvider(deps.settings, flow.provider_type);
  const tokens = await exchangeCode(provider, code);
  const { user: data } = await verifyIdToken(provider, tokens.idToken, tokens.accessToken);
  if (data.emails.length === 0 && !flow.email_optional) {
    throw new AuthError(500, 'unexpected_failure', 'Error getting user email from external provider');
  }
  const referrer = flow.referrer ?? deps.settings.siteUrl;
  const signIn = {
    provider: provider.name,
    method: 'oauth' as const,
    data,
    emailOptional: flow.email_optional,
    userAgent: userAgentOf(c),
    ipAddress: clientIp(c),
    redirectTo: referrer,
  };
  const newUserId = newId();
  if (!flow.linking_target_id) await checkNewAccount(deps, signIn, newUserId);
  const outcome = await deps.db.transaction(async (tx) => {
    const current = await findOAuthFlowForUpdate(tx, flow.id);
    if (!current) throw new AuthError(400, 'flow_state_already_used', 'State has already been used');
    let user;
    if (flow.linking_target_id) {
      const target = await findUserById(tx, flow.linking_target_id);
      if (!target) throw new AuthError(404, 'user_not_found', 'User not found');
      user = await linkIdentityToUser(tx, deps, target, { provider: provider.name, data, redirectTo: referrer });
    } else {
      user = await accountForExternalIdentity(tx, deps, signIn, newUserId);
    }
    if (user instanceof AuthError) return user;
    if (flow.code_challenge !== null) return pkceRedirect(referrer, await completeOAuthFlow(tx, flow.id, user.id));
    const session = await issueSession(tx, deps, user, 'oauth', userAgentOf(c));
    await deleteFlowState(tx, flow.id);
    return tokensRedirect(referrer, {
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      provider_refresh_token: tokens.refreshToken,
      provider_token: tokens.accessToken,
      refresh_token: session.refresh_token,
      token_type: session.token_type,
    });
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

export const externalCallback: OpenHandler = async (c, deps) => {
  const params = await callbackParams(c);
  const state = params.get('state') ?? '';
  let target = deps.settings.siteUrl;
  try {
    if (state === '') throw badCallback('OAuth state parameter missing');
    const flow = /^[0-9a-f-]{36}$/i.test(state) ? await findOAuthFlowForUpdate(deps.db, state) : undefined;
    if (!flow) throw badState('OAuth callback with invalid state');
    target = flow.referrer ?? target;
    if (flow.age_seconds > deps.settings.flowStateExpirySeconds) throw badState('OAuth state has expired');
    const providerError = params.get('error');
    if (providerError) throw new OAuthError(providerError, params.get('error_description') ?? '');
    const code = params.get('code') ?? '';
    if (code === '') throw badCallback('OAuth callback with missing authorization code missing');
    return c.redirect(await finish(c, deps, flow, code), 302);
  } catch (error) {
    if (error instanceof OAuthError) return c.redirect(oauthErrorRedirect(target, error), 302);
    const refusal = error instanceof AuthError ? error : new AuthError(500, 'unexpected_failure', 'Unexpected failure');
    if (refusal.status >= 500) console.error('auth /callback:', error);
    return c.redirect(errorRedirect(target, refusal, true), 302);
  }
};
