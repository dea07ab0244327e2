// Layout of every signed-in page: the sidebar; a visitor without a session signs in first and comes back.
import { Outlet } from 'react-router';
import type { Route } from './+types/app-layout';
import { SidebarLayout } from '../components/layout/sidebar-layout';
import { requireSignedIn } from '../utils/guards.server';

export const middleware: Route.MiddlewareFunction[] = [requireSignedIn];

// A loader makes client navigations ask the server, so the guard above runs for them too.
export function loader() {
  return null;
}

export default function AppLayout() {
  return (
    <SidebarLayout>
      <Outlet />
    </SidebarLayout>
  );
}
