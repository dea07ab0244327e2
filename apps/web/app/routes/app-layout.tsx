// Layout of every signed-in page: the sidebar; a visitor without a session signs in first and comes back, a page that
// needs a permission (session/page-access.ts) sends those without it home, and a signed-in person who is not a
// member sees whom to ask for access instead of the page.
import { Outlet } from 'react-router';
import { loadPictures } from '../features/files/pictures.server';
import { NO_PICTURES, PicturesContext } from '../ui/pictures';
import type { Route } from './+types/app-layout';
import { ErrorPage } from '../ui/error-page';
import { DefaultLayout } from '../ui/layouts/default-layout';
import { NoAccessPage } from '../ui/layouts/no-access-page';
import { noAccessDetailsOf } from '../session/no-access';
import { SidebarLayout } from '../ui/layouts/sidebar-layout';
import { useAuth } from '../session/auth-provider';
import { requirePagePermissionInBrowser } from '../session/guards.browser';
import { refuseNonMembers, requirePagePermission, requireSignedIn } from '../session/guards.server';
import { getRequestMembership, supabaseContext } from '../session/request-context.server';

export const middleware: Route.MiddlewareFunction[] = [requireSignedIn, requirePagePermission];
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [requirePagePermissionInBrowser];

// A loader makes client navigations ask the server, so the guards above run there for them too; it also sends a
// non-member the page saying whom to ask. It loads the logo and the avatars every page of the sidebar shows.
export async function loader(args: Route.LoaderArgs) {
  await refuseNonMembers(args);
  const membership = await getRequestMembership(args.context);
  return { pictures: await loadPictures(args.context.get(supabaseContext), membership?.isMember === true) };
}

/**
 * Membership and permissions are checked for every page a client navigation opens, not only when the layout is first
 * entered.
 */
export const shouldRevalidate = () => true;

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <PicturesContext value={loaderData?.pictures ?? NO_PICTURES}>
      <SidebarLayout>
        <Outlet />
      </SidebarLayout>
    </PicturesContext>
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
