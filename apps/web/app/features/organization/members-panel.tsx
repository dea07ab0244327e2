// The members tab: search, the table a page at a time, and the capacity and remove dialogs.
import { Button, EmptyState, Group, Pagination, Paper, Text, TextInput } from '@mantine/core';
import { IconSearch, IconUserPlus, IconUserSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CapacityModal } from './capacity-modal';
import { ConfirmFormDialog } from '../../ui/confirm-dialog';
import { searchMembers } from './member-search';
import { MembersTable } from './members-table';
import { personName, type Member, type OrganizationSettings } from './organization-model';

const PAGE_SIZE = 50;

type MembersPanelProps = {
  members: Member[];
  settings: OrganizationSettings;
  currentUserId: string | undefined;
  onInvite: () => void;
};

export function MembersPanel({ members, settings, currentUserId, onInvite }: MembersPanelProps) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const found = useMemo(() => searchMembers(members, query), [members, query]);
  const pages = Math.max(1, Math.ceil(found.length / PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  const shown = found.slice((shownPage - 1) * PAGE_SIZE, shownPage * PAGE_SIZE);

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="md">
        <TextInput
          label="Search members"
          placeholder="Name, e-mail or job title"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
          w={320}
        />
        <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onInvite}>
          Invite people
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
        {found.length === members.length
          ? `${members.length} ${members.length === 1 ? 'member' : 'members'}`
          : `${found.length} of ${members.length} members match`}
      </Text>
      {found.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconUserSearch size={28} />}
            title="No member matches this search"
            description="Check the spelling, search for part of a name, e-mail or job title, or invite the person."
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => setQuery('')}>
                Clear the search
              </Button>
              <Button onClick={onInvite}>Invite people</Button>
            </EmptyState.Actions>
          </EmptyState>
        </Paper>
      ) : (
        <MembersTable
          members={shown}
          settings={settings}
          currentUserId={currentUserId}
          onEditCapacity={setEditing}
          onRemove={setRemoving}
        />
      )}
      {pages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={shownPage} onChange={setPage} aria-label="Members pages" />
        </Group>
      ) : null}
      <CapacityModal member={editing} settings={settings} onClose={() => setEditing(null)} />
      <ConfirmFormDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove from organization"
        message={removing ? removalMessage(removing, removing.id === currentUserId) : ''}
        confirmLabel="Remove"
        closeWhen="answered"
        intent="remove-member"
        fields={{ user_id: removing?.id ?? '' }}
      />
    </>
  );
}

function removalMessage(member: Member, isYou: boolean): string {
  if (isYou) return 'Remove yourself from the organization? You will lose access to its pages at once.';
  return (
    `Remove ${personName(member)} from the organization? Their account stays, but they lose access to the ` +
    "organization's pages until someone invites them again."
  );
}
