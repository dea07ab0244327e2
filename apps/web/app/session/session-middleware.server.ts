// Root middleware: gives each request its Supabase client and user, and adds the cookies it set to the response.
// A session that still owes its second factor has no user yet: only the code step may use it.
import { isAuthRetryableFetchError, type User } from '@supabase/supabase-js';
import type { TypedSupabaseClient } from '../types/supabase';
import type { MiddlewareFunction } from 'react-router';
import { needsSecondFactor } from './second-factor';
import {
  responseHeadersContext,
  secondFactorPendingContext,
  sessionUserContext,
  supabaseContext,
  visitorAddressContext,
} from './request-context.server';
import { toSessionUser } from './session-user';
import { createSupabaseServerClient } from './supabase.server';

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const responseHeaders = new Headers();
  const supabase = createSupabaseServerClient(request, responseHeaders, undefined, context.get(visitorAddressContext));
  context.set(supabaseContext, supabase);
  context.set(responseHeadersContext, responseHeaders);
  // getUser asks the auth service, so a revoked session or a deleted user counts as signed out; an expired access
  // token is refreshed on the way and the new cookie goes out with this response.
  const { data, error } = await supabase.auth.getUser();
  // An unreachable auth service is an outage, not a sign-out: sending everyone to /login would hide it.
  if (error && isAuthRetryableFetchError(error)) {
    throw new Response('The authentication service is unavailable.', { status: 500 });
  }
  const pending = data.user ? await owesSecondFactor(supabase, data.user) : false;
  context.set(secondFactorPendingContext, pending);
  context.set(sessionUserContext, data.user && !pending ? toSessionUser(data.user) : null);
  // Pages rendered for a signed-in member carry their data: no shared cache may keep them for someone else.
  if (data.user) responseHeaders.set('Cache-Control', 'private, no-store');
  return withHeaders(await next(), responseHeaders);
};

/** getUser read the user's factors fresh; the session's assurance level is in its (possibly just refreshed) token. */
async function owesSecondFactor(supabase: TypedSupabaseClient, user: User): Promise<boolean> {
  const { data } = await supabase.auth.getSession();
  return data.session ? needsSecondFactor(data.session.access_token, user) : false;
}

function withHeaders(response: Response, extra: Headers): Response {
  const apply = (target: Headers) => {
    for (const cookie of extra.getSetCookie()) target.append('Set-Cookie', cookie);
    extra.forEach((value, name) => {
      if (name !== 'set-cookie') target.set(name, value);
    });
  };
  try {
    apply(response.headers);
    return response;
  } catch {
    // Some responses (Response.redirect) have immutable headers: copy them into one we may change.
    const copy = new Response(response.body, response);
    apply(copy.headers);
    return copy;
  }
}
