// /profile: personal details, work days and capacity, the calendar feed (members), sign-in settings (e-mail,
// password, two-factor, sign out everywhere) and time off. Open to every signed-in person, members or not.
import { Stack } from '@mantine/core';
import { data } from 'react-router';
import type { Route } from './+types/profile';
import { PageHeader } from '../ui/page-header';
import { changeEmail, changePassword, sendReauthenticationCode } from '../features/profile/account-actions.server';
import { loadCalendarFeed, resetCalendarFeed } from '../features/profile/calendar-feed.server';
import { saveCapacity, saveDetails } from '../features/profile/details-actions.server';
import type { ProfileActionResult } from '../features/profile/profile-action-result';
import { ProfileSections } from '../features/profile/profile-sections';
import {
  loadAccount,
  loadOrganizationDefaults,
  loadProfile,
  supportedTimeZones,
} from '../features/profile/profile.server';
import { confirmEnrollment, removeFactor, startEnrollment } from '../features/profile/two-factor-actions.server';
import { addTimeOff, deleteTimeOff } from '../features/time-off/time-off-actions.server';
import { loadTimeOffOf } from '../features/time-off/time-off.server';
import { failed } from '../lib/action-result';
import { getRequestMembership, sessionUserContext, supabaseContext } from '../session/request-context.server';

export async function loader({ context }: Route.LoaderArgs) {
  // The layout's guard lets only signed-in people this far.
  const user = context.get(sessionUserContext)!;
  const supabase = context.get(supabaseContext);
  const [profile, organization, account, membership, timeOff] = await Promise.all([
    loadProfile(supabase, user.id),
    loadOrganizationDefaults(supabase),
    loadAccount(supabase),
    getRequestMembership(context),
    loadTimeOffOf(supabase, user.id),
  ]);
  // Only members have a feed; asking makes the link on a member's first visit.
  const calendarFeed = membership?.isMember ? await loadCalendarFeed(supabase) : null;
  return {
    userId: user.id,
    profile,
    organization,
    account,
    canManageUsers: membership?.permissions.can_manage_users === true,
    isMember: membership?.isMember === true,
    timeZones: supportedTimeZones(),
    timeOff,
    calendarFeed,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(sessionUserContext)!;
  const supabase = context.get(supabaseContext);
  const form = await request.formData();
  const result = await runIntent(String(form.get('intent') ?? ''));
  return data(result, result.ok ? 200 : result.fieldErrors ? 422 : 400);

  async function runIntent(intent: string): Promise<ProfileActionResult> {
    switch (intent) {
      case 'save-details':
        return saveDetails(supabase, user.id, form);
      case 'save-capacity':
        return saveCapacity(supabase, user.id, form);
      case 'change-email':
        return changeEmail(supabase, form, user.email, new URL(request.url).origin);
      case 'change-password':
        return changePassword(supabase, form, user.email);
      case 'send-reauthentication-code':
        return sendReauthenticationCode(supabase, user.email);
      case 'enroll':
        return startEnrollment(supabase, form);
      case 'verify-factor':
        return confirmEnrollment(supabase, form);
      case 'remove-factor':
        return removeFactor(supabase, form);
      case 'add-time-off':
        // This page records one's own time off only, whatever the form says.
        form.set('user_id', user.id);
        return addTimeOff(supabase, form);
      case 'reset-calendar-feed':
        return resetCalendarFeed(supabase);
      case 'delete-time-off':
        return deleteTimeOff(supabase, String(form.get('id') ?? ''));
      default:
        return failed('unknown', 'This form is not known here.');
    }
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Profile · Teamplan' }];

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <Stack maw={760}>
      <PageHeader title="Profile" description="Your details, how you sign in, and when you are away." />
      <ProfileSections {...loaderData} />
    </Stack>
  );
}
