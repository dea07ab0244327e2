// Layout of the signed-out pages (/login, /signup, /confirm): a signed-in visitor is sent home.
import { Outlet } from 'react-router';
import type { Route } from './+types/public-layout';
import { DefaultLayout } from '../ui/layouts/default-layout';
import { requireSignedOut } from '../session/guards.server';
import { loadLogoUrl } from '../features/files/pictures.server';
import { supabaseContext } from '../session/request-context.server';

export const middleware: Route.MiddlewareFunction[] = [requireSignedOut];

// A loader makes client navigations ask the server, so the guard above runs for them too. Visitors see the
// organization's logo (a public file).
export async function loader({ context }: Route.LoaderArgs) {
  return { logoUrl: await loadLogoUrl(context.get(supabaseContext)) };
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DefaultLayout logoUrl={loaderData?.logoUrl ?? null}>
      <Outlet />
    </DefaultLayout>
  );
}
