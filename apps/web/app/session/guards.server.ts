// Route guards on the server: they run for every document request and every client navigation that reaches a loader.
import { data, redirect, type LoaderFunctionArgs, type MiddlewareFunction } from 'react-router';
import { SECOND_FACTOR_PATH, secondFactorPathFor } from './second-factor';
import { loadAccessContacts, NOT_A_MEMBER_STATUS_TEXT } from './access-contacts.server';
import { PERMISSION_DENIED_POPUP, permissionForPage } from './page-access';
import { flashPopupCookie } from './flash-popup.server';
import type { PermissionName } from './permissions';
import {
  getRequestMembership,
  secondFactorPendingContext,
  sessionUserContext,
  supabaseContext,
} from './request-context.server';
import { HOME_PATH, LOGIN_PATH, loginPathFor, redirectTargetOf } from '../lib/redirects';
import { hasValidParams } from '../lib/route-validation';

/** The one page a signed-in person without a membership may use, besides signing out. */
const PAGES_OPEN_TO_NON_MEMBERS = new Set(['/profile']);

const CONFIRM_PATH = '/confirm';

/**
 * /login, /signup, /confirm: a signed-in visitor goes home. A session that passed its password but not yet its
 * second factor goes to the code step instead, which is the only one of these pages it may open.
 */
export const requireSignedOut: MiddlewareFunction<Response> = async ({ request, context }) => {
  const url = new URL(request.url);
  const onCodeStep = url.pathname === SECOND_FACTOR_PATH;
  if (context.get(secondFactorPendingContext)) {
    if (!onCodeStep) throw redirect(secondFactorPathFor(redirectTargetOf(url)));
    return;
  }
  if (context.get(sessionUserContext)) {
    // The first of two e-mail change confirmations answers with a message; it must not vanish with the redirect.
    const message = url.pathname === CONFIRM_PATH ? url.searchParams.get('message') : null;
    if (!message) throw redirect(HOME_PATH);
    throw redirect(HOME_PATH, { headers: { 'Set-Cookie': await flashPopupCookie({ type: 'info', message }) } });
  }
  // Without a half-finished sign-in there is no code to ask for.
  if (onCodeStep) throw redirect(`${LOGIN_PATH}${url.search}`);
};

/**
 * Every other page: a visitor without a session signs in first, then comes back to the same path and query; one
 * who still owes the second factor enters the code first. A URL that fails route validation is not a page at all:
 * it is left to its loader, which answers 404 to everyone.
 */
export const requireSignedIn: MiddlewareFunction<Response> = ({ request, params, context }) => {
  if (!hasValidParams(params)) return;
  if (context.get(sessionUserContext)) return;
  if (context.get(secondFactorPendingContext)) {
    const url = new URL(request.url);
    throw redirect(secondFactorPathFor(`${url.pathname}${url.search}`));
  }
  throw redirect(loginPathFor(request.url));
};

/**
 * Every page but the profile needs a membership row. Someone signed in without one (removed, or never added) gets
 * the page saying whom to ask, in place of the page asked for. An unreadable membership is not treated as none.
 * Called by the layout's loader, not as middleware: an error thrown by middleware would skip the root's loader,
 * and with it the session and the sidebar the page needs.
 */
export async function refuseNonMembers({
  request,
  params,
  context,
}: Pick<LoaderFunctionArgs, 'request' | 'params' | 'context'>) {
  if (!hasValidParams(params) || PAGES_OPEN_TO_NON_MEMBERS.has(new URL(request.url).pathname)) return;
  const membership = await getRequestMembership(context);
  if (membership?.isMember !== false) return;
  const contacts = await loadAccessContacts(context.get(supabaseContext));
  throw data(contacts, { status: 403, statusText: NOT_A_MEMBER_STATUS_TEXT });
}

/**
 * A page that needs a permission: without it, home with the error popup (a non-member, home without it). Waits for
 * the permissions to load.
 */
export function requirePermission(permission: PermissionName): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const membership = await getRequestMembership(context);
    if (!membership) throw redirect(loginPathFor(request.url));
    // Home tells a non-member whom to ask; a "no permission" popup on top would only confuse.
    if (membership.isMember === false) throw redirect(HOME_PATH);
    if (!membership.permissions[permission]) {
      throw redirect(HOME_PATH, { headers: { 'Set-Cookie': await flashPopupCookie(PERMISSION_DENIED_POPUP) } });
    }
  };
}

/** Every signed-in page: the permission the page-permissions table names for it, if any. */
export const requirePagePermission: MiddlewareFunction<Response> = async (args, next) => {
  const permission = permissionForPage(args.pattern);
  if (permission) await requirePermission(permission)(args, next);
};
