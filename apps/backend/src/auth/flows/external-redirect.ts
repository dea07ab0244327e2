// Signing in (GET /authorize) or linking an identity (GET /user/identities/authorize) through a provider's sign-in
// page, as GoTrue does it: a flow state is stored, its id is the `state` the provider returns to /callback, and the
// browser is sent to the provider's authorization endpoint.
import type { Context } from 'hono';
import { requestedRedirect, type AuthDeps } from '../context.ts';
import { createOAuthFlowState } from '../models/flow-state.ts';
import { authorizationUrl, redirectProvider } from '../oidc/authorization.ts';
import { redirectTarget } from '../redirect.ts';
import { validatePkceParams } from '../validate.ts';

/** The provider's URL for this request's `provider`, `scopes`, `redirect_to` and PKCE challenge. */
export async function startExternalRedirect(c: Context, deps: AuthDeps, linkingTargetId?: string): Promise<string> {
  const query = new URL(c.req.url).searchParams;
  const provider = redirectProvider(deps.settings, query.get('provider') ?? '');
  const challenge = query.get('code_challenge') ?? '';
  const method = validatePkceParams(query.get('code_challenge_method') ?? '', challenge);
  const state = await createOAuthFlowState(deps.db, {
    provider: provider.name,
    challenge: method ? { method, value: challenge } : undefined,
    referrer: redirectTarget(deps.settings, requestedRedirect(c), c.req.header('referer')),
    linkingTargetId,
    emailOptional: provider.emailOptional,
  });
  return authorizationUrl(provider, state, query.get('scopes') ?? '', query);
}
