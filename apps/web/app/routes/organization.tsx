// /organization: settings, members and their permissions and capacity, invitations and the audit trail, for those
// who can manage users. Every read and write runs as the signed-in user: row level security decides.
import { data, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/organization';
import { runOrganizationAction } from '../features/organization/organization-action.server';
import { OrganizationPage } from '../features/organization/organization-page';
import { loadOrganizationPage } from '../features/organization/organization.server';
import { PageHeader } from '../ui/page-header';
import { supabaseContext } from '../session/request-context.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadOrganizationPage(context.get(supabaseContext), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runOrganizationAction(context.get(supabaseContext), request);
  return data(result, result.ok ? 200 : result.fieldErrors ? 422 : 400);
}

/** Switching tabs only changes `?tab`: nothing to load again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.href === nextUrl.href || currentUrl.pathname !== nextUrl.pathname) {
    return defaultShouldRevalidate;
  }
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('tab');
    return params.toString();
  };
  return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
};

export const meta: Route.MetaFunction = () => [{ title: 'Organization · Teamplan' }];

export default function Organization({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Organization"
        description={`${loaderData.settings.name}: who belongs to it and what they may manage, invitations, settings and the record of changes.`}
      />
      <OrganizationPage {...loaderData} />
    </>
  );
}
