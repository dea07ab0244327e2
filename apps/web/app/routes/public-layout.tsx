// Layout of the signed-out pages (/login, /signup, /confirm): a signed-in visitor is sent home.
import { Outlet } from 'react-router';
import type { Route } from './+types/public-layout';
import { DefaultLayout } from '../ui/layouts/default-layout';
import { requireSignedOut } from '../session/guards.server';

export const middleware: Route.MiddlewareFunction[] = [requireSignedOut];

// A loader makes client navigations ask the server, so the guard above runs for them too.
export function loader() {
  return null;
}

export default function PublicLayout() {
  return (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  );
}
