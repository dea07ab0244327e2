// GET /authorize: signing in through a provider's sign-in page (supabase-js signInWithOAuth sends the browser here),
// for the configured OpenID Connect providers; /callback finishes the flow.
import type { OpenHandler } from '../context.ts';
import { AuthErrors } from '../errors.ts';
import { startExternalRedirect } from '../flows/external-redirect.ts';

export const externalAuthorize: OpenHandler = async (c, deps) => c.redirect(await startExternalRedirect(c, deps), 302);

/** /sso and everything under it: single sign-on with SAML, which this server does not offer (GoTrue's answer). */
export const samlDisabled: OpenHandler = () => Promise.reject(AuthErrors.samlDisabled());
