// /confirm: completes e-mailed links (confirmation, magic link, recovery, invite, e-mail change), then continues.
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, redirect, replace, type ShouldRevalidateFunction } from 'react-router';
import { useActionFeedback } from '../ui/use-action-feedback';
import type { Route } from './+types/confirm';
import { ChoosePasswordForm } from '../features/auth/choose-password-form';
import { RequestNewLinkForm } from '../features/auth/request-new-link-form';
import { usePopup } from '../ui/popup-provider';
import { sendMagicLink, sendPasswordReset } from '../features/auth/auth-actions.server';
import { completeLink, readLinkResult } from '../features/auth/confirm-link';
import { redirectTargetOf } from '../lib/redirects';
import { supabaseContext } from '../session/request-context.server';
import { getBrowserSupabase } from '../session/supabase.browser';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = redirectTargetOf(url);
  const outcome = await completeLink(context.get(supabaseContext), readLinkResult(url.searchParams));
  if (outcome.step === 'continue') throw redirect(next);
  return { ...outcome, next };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '');
  const url = new URL(request.url);
  const supabase = context.get(supabaseContext);
  if (form.get('intent') === 'recover') return sendPasswordReset(supabase, email, url.origin);
  return sendMagicLink(supabase, email, url.origin, redirectTargetOf(url));
}

/**
 * Links that carry their tokens (or their error) in the URL fragment are completed in the browser, which alone sees
 * it; the fragment is then dropped so that a reload or a shared URL does not replay it.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  if (server.step !== 'in-browser') return server;
  const link = readLinkResult(new URLSearchParams(window.location.search), window.location.hash);
  if (window.location.hash) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  const outcome = await completeLink(getBrowserSupabase(), link);
  if (outcome.step === 'continue') throw replace(server.next);
  return { ...outcome, next: server.next };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <Stack align="center" py="lg">
      <Loader aria-label="Completing your link" />
      <Text>Completing your link…</Text>
    </Stack>
  );
}

/** The loader spends one-time links: asking for a new link (the action) must not run it, and its popup, again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => [{ title: 'Confirm · Teamplan' }];

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const showPopup = usePopup();
  useEffect(() => {
    if (loaderData.step === 'failed') showPopup({ type: 'error', message: loaderData.message });
    if (loaderData.step === 'notice') showPopup({ type: 'info', message: loaderData.message });
  }, [loaderData, showPopup]);
  useActionFeedback(actionData);
  const { step } = loaderData;

  if (step === 'choose-password') {
    return (
      <ChoosePasswordForm next={loaderData.next} askName={'invited' in loaderData && loaderData.invited === true} />
    );
  }
  if (step === 'failed') return <RequestNewLinkForm formError={actionData?.formError} />;
  if (step === 'notice') {
    return (
      <Stack>
        <Title order={1} size="h2">
          One more link to open
        </Title>
        <Text>This address is confirmed. Open the link we sent to your other address to complete the change.</Text>
        <Text size="sm">
          <Anchor component={Link} to="/login">
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack>
      <Title order={1} size="h2">
        Confirm
      </Title>
      <Text>
        This page completes the links we send by e-mail: account confirmation, magic links, password resets and
        invitations. Open the link from your e-mail to continue.
      </Text>
      <Text size="sm">
        <Anchor component={Link} to="/login">
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
