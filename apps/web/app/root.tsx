// The document: Mantine theme and color scheme, the browser's settings, shared auth state, the popup, error pages.
// The order of Mantine's cascade layers, then its global rules; each component's own rules come with the component
// (vite/mantine-component-styles.ts).
import 'virtual:mantine-layer-order.css';
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import { ColorSchemeScript, mantineHtmlProps } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { Meta, Outlet, redirectDocument, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { ErrorPage, errorMeta } from './ui/error-page';
import { DefaultLayout } from './ui/layouts/default-layout';
import { PageStyles } from './ui/page-styles';
import { PhoneHintContext } from './ui/phone-hint';
import { PopupProvider } from './ui/popup-provider';
import { ThemeRoot } from './ui/theme-root';
import { AuthProvider } from './session/auth-provider';
import { buildInfoContext } from './features/deployments/build-info.server';
import { phoneFromHeaders } from './lib/phone-hint.server';
import { newBuildDetected, watchBuilds } from './features/deployments/build-watcher';
import { getServerEnv, toPublicEnv } from './session/env.server';
import { clearFlashPopupCookie, readFlashPopup } from './session/flash-popup.server';
import { publicEnvScript } from './session/public-env';
import { getRequestMembership, responseHeadersContext, sessionUserContext } from './session/request-context.server';
import { sessionMiddleware } from './session/session-middleware.server';

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware];

/**
 * After a new deployment, the next navigation loads the page from the server so it runs the new code. Form
 * submissions go through as they are: reloading instead would drop what was typed.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  ({ request }) => {
    if (request.method === 'GET' && newBuildDetected()) {
      const url = new URL(request.url);
      throw redirectDocument(`${url.pathname}${url.search}${url.hash}`);
    }
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(sessionUserContext);
  const membership = user ? await getRequestMembership(context) : null;
  const popup = await readFlashPopup(request);
  if (popup) context.get(responseHeadersContext).append('Set-Cookie', await clearFlashPopupCookie());
  return {
    env: toPublicEnv(getServerEnv()),
    build: context.get(buildInfoContext),
    auth: { user, membership },
    popup,
    phone: phoneFromHeaders(request.headers),
  };
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // One object while the settings stay the same: React writes a script's text again whenever it gets a new one.
  const script = data ? publicEnvScript(data.env) : null;
  const envScript = useMemo(() => (script ? { __html: script } : null), [script]);
  // The page's scripts start after its first paint; this mark says they have taken the page over, for anyone (or
  // any test) that needs to know the page is interactive.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ColorSchemeScript defaultColorScheme="auto" />
        <Meta />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <PageStyles />
      </head>
      <body>
        <ThemeRoot>{data ? <AppState data={data}>{children}</AppState> : children}</ThemeRoot>
        {envScript ? <script dangerouslySetInnerHTML={envScript} /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Shared state around pages and error pages alike: the signed-in user, the popup, the build check. */
function AppState({ data, children }: { data: Awaited<ReturnType<typeof loader>>; children: ReactNode }) {
  const { build, env } = data;
  useEffect(() => watchBuilds(build.id, env.BUILD_CHECK_INTERVAL_MS), [build.id, env.BUILD_CHECK_INTERVAL_MS]);
  return (
    <AuthProvider server={data.auth}>
      <PhoneHintContext value={data.phone}>
        <PopupProvider handedOver={data.popup}>{children}</PopupProvider>
      </PhoneHintContext>
    </AuthProvider>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: Route.MetaFunction = ({ error }) => (error ? errorMeta(error) : [{ title: 'Teamplan' }]);

// Loaded only for an error page of a signed-in member: the first page a visitor opens (sign in) never needs it.
const SidebarLayout = lazy(() => import('./ui/layouts/sidebar-layout').then((m) => ({ default: m.SidebarLayout })));

/** Every error page: inside the sidebar for a signed-in member, in the centered card otherwise. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  if (!data?.auth.user) {
    return (
      <DefaultLayout>
        <ErrorPage error={error} />
      </DefaultLayout>
    );
  }
  // No fallback: the layout's file comes within the same response while the server streams, and a fallback copy of
  // the message could stay beside the real one if the two raced.
  return (
    <Suspense fallback={null}>
      <SidebarLayout>
        <ErrorPage error={error} />
      </SidebarLayout>
    </Suspense>
  );
}
