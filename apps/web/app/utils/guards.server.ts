// Route guards on the server: they run for every document request and every client navigation that reaches a loader.
import { redirect, type MiddlewareFunction } from 'react-router';
import { PERMISSION_DENIED_POPUP } from './access-rules';
import { flashPopupCookie } from './flash-popup.server';
import type { PermissionName } from './permissions';
import { getRequestPermissions, sessionUserContext } from './request-context.server';
import { HOME_PATH, loginPathFor } from './redirects';
import { hasValidParams } from './route-validation';

/** /login, /signup, /confirm: a signed-in visitor goes home. */
export const requireSignedOut: MiddlewareFunction<Response> = ({ context }) => {
  if (context.get(sessionUserContext)) throw redirect(HOME_PATH);
};

/**
 * Every other page: a visitor without a session signs in first, then comes back to the same path and query.
 * A URL that fails route validation is not a page at all: it is left to its loader, which answers 404 to everyone.
 */
export const requireSignedIn: MiddlewareFunction<Response> = ({ request, params, context }) => {
  if (!hasValidParams(params)) return;
  if (!context.get(sessionUserContext)) throw redirect(loginPathFor(request.url));
};

/** A page that needs a permission: without it, home with the error popup. Waits for the permissions to load. */
export function requirePermission(permission: PermissionName): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    const permissions = await getRequestPermissions(context);
    if (!permissions) throw redirect(loginPathFor(request.url));
    if (!permissions[permission]) {
      throw redirect(HOME_PATH, { headers: { 'Set-Cookie': await flashPopupCookie(PERMISSION_DENIED_POPUP) } });
    }
  };
}
