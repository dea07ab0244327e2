// The profile page's sections, in the order people look for them.
import { Title } from '@mantine/core';
import type { TimeOffRow } from '../time-off/time-off-model';
import { MyTimeOff } from '../time-off/my-time-off';
import { AvatarCard } from '../files/avatar-card';
import { CalendarFeedCard } from './calendar-feed-card';
import type { CalendarFeedLinks } from './calendar-feed.server';
import { CapacityCard } from './capacity-card';
import { DetailsCard } from './details-card';
import { EmailCard } from './email-card';
import { PasswordCard } from './password-card';
import type { OrganizationDefaults, ProfileRow } from './profile-schema';
import type { Account } from './profile.server';
import { SignOutEverywhereCard } from './sign-out-everywhere-card';
import { TwoFactorCard } from './two-factor-card';

type ProfileSectionsProps = {
  userId: string;
  profile: ProfileRow;
  organization: OrganizationDefaults | null;
  account: Account;
  canManageUsers: boolean;
  /** Only members keep a picture: the organization's members are who see it. */
  isMember: boolean;
  timeZones: string[];
  timeOff: { upcoming: TimeOffRow[]; past: TimeOffRow[] };
  calendarFeed: CalendarFeedLinks | null;
};

export function ProfileSections(props: ProfileSectionsProps) {
  const { userId, profile, organization, account, canManageUsers, isMember, timeZones, timeOff, calendarFeed } = props;
  return (
    <>
      {isMember ? <AvatarCard userId={userId} name={profile.full_name || account.email || 'Me'} /> : null}
      <DetailsCard profile={profile} timeZones={timeZones} />
      <CapacityCard profile={profile} organization={organization} canManageUsers={canManageUsers} />
      {calendarFeed ? <CalendarFeedCard feed={calendarFeed} /> : null}
      <Title order={2} size="h3" mt="md">
        Sign-in and security
      </Title>
      <EmailCard email={account.email} pendingEmail={account.pendingEmail} />
      <PasswordCard />
      <TwoFactorCard factors={account.factors} />
      <SignOutEverywhereCard />
      <MyTimeOff userId={userId} upcoming={timeOff.upcoming} past={timeOff.past} action="/profile" />
    </>
  );
}
