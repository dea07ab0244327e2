// The organization page's tabs (members, invitations, settings, audit trail); the open tab lives in the URL.
import { Badge, Tabs } from '@mantine/core';
import { IconHistory, IconMail, IconSettings, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../session/auth-provider';
import type { AuditFilters } from './audit-filters';
import { AuditPanel } from './audit-panel';
import type { AuditPage } from './audit-summary';
import { InvitationsTable } from './invitations-table';
import { InviteForm } from './invite-form';
import { MembersPanel } from './members-panel';
import type { Invitation, Member, OrganizationSettings } from './organization-model';
import { SettingsForm } from './settings-form';
import { LogoCard } from '../files/logo-card';

export const ORGANIZATION_TABS = ['members', 'invitations', 'settings', 'audit'] as const;
type Tab = (typeof ORGANIZATION_TABS)[number];

type OrganizationPageProps = {
  settings: OrganizationSettings;
  members: Member[];
  invitations: Invitation[];
  audit: AuditPage;
  auditFilters: AuditFilters;
};

export function OrganizationPage({ settings, members, invitations, audit, auditFilters }: OrganizationPageProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = ORGANIZATION_TABS.find((name) => name === requested) ?? 'members';
  const currentUserId = useAuth().user?.id;
  const open = (next: string | null) =>
    setSearchParams(
      (params) => {
        if (next && next !== 'members') params.set('tab', next);
        else params.delete('tab');
        return params;
      },
      { preventScrollReset: true, replace: true },
    );

  return (
    <Tabs value={tab} onChange={open} keepMounted={false}>
      <Tabs.List mb="lg">
        <Tabs.Tab value="members" leftSection={<IconUsers size={16} aria-hidden />}>
          Members
        </Tabs.Tab>
        <Tabs.Tab
          value="invitations"
          leftSection={<IconMail size={16} aria-hidden />}
          rightSection={
            invitations.length ? (
              <Badge size="xs" variant="light" circle aria-label={`${invitations.length} pending`}>
                {invitations.length}
              </Badge>
            ) : null
          }
        >
          Invitations
        </Tabs.Tab>
        <Tabs.Tab value="settings" leftSection={<IconSettings size={16} aria-hidden />}>
          Settings
        </Tabs.Tab>
        <Tabs.Tab value="audit" leftSection={<IconHistory size={16} aria-hidden />}>
          Audit trail
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="members">
        <MembersPanel
          members={members}
          settings={settings}
          currentUserId={currentUserId}
          onInvite={() => open('invitations')}
        />
      </Tabs.Panel>
      <Tabs.Panel value="invitations">
        <InviteForm />
        <InvitationsTable invitations={invitations} />
      </Tabs.Panel>
      <Tabs.Panel value="settings">
        <LogoCard />
        <SettingsForm settings={settings} />
      </Tabs.Panel>
      <Tabs.Panel value="audit">
        <AuditPanel audit={audit} filters={auditFilters} members={members} weekStart={settings.week_start} />
      </Tabs.Panel>
    </Tabs>
  );
}
