// Layout of every signed-in page: the sidebar; a visitor without a session signs in first and comes back, a page that
// needs a permission (session/page-access.ts) sends those without it home, and a signed-in person who is not a
// member sees whom to ask for access instead of the page.
import { Outlet } from 'react-router';
import type { Route } from './+types/app-layout';
import { ErrorPage } from '../ui/error-page';
import { DefaultLayout } from '../ui/layouts/default-layout';
import { NoAccessPage } from '../ui/layouts/no-access-page';
import { noAccessDetailsOf } from '../session/no-access';
import { SidebarLayout } from '../ui/layouts/sidebar-layout';
import { useAuth } from '../session/auth-provider';
import { requirePagePermissionInBrowser } from '../session/guards.browser';
import { refuseNonMembers, requirePagePermission, requireSignedIn } from '../session/guards.server';

export const middleware: Route.MiddlewareFunction[] = [requireSignedIn, requirePagePermission];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [requirePagePermissionInBrowser];

// A loader makes client navigations ask the server, so the guards above run there for them too; it also sends a
// non-member the page saying whom to ask.
export async function loader(args: Route.LoaderArgs) {
  await refuseNonMembers(args);
  return null;
}

/**
 * Membership and permissions are checked for every page a client navigation opens, not only when the layout is first
 * entered.
 */
export const shouldRevalidate = () => true;

export default function AppLayout() {
  return (
    <SidebarLayout>
      <Outlet />
    </SidebarLayout>
  );
}

/**
 * The guard's answer to a non-member; any other error as the root shows it (a 404 of a malformed URL also reaches
 * visitors without a session, who get the default layout).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { user } = useAuth();
  const noAccess = noAccessDetailsOf(error);
  const Frame = user ? SidebarLayout : DefaultLayout;
  return <Frame>{noAccess ? <NoAccessPage details={noAccess} /> : <ErrorPage error={error} />}</Frame>;
}
