// Pending invitations: the address, what it grants, who sent it and when, with resend and revoke.
import { StackedTableScroll } from '../../ui/stacked-table-scroll';
import stacked from '../../ui/stacked-table.module.css';
import { Badge, Button, EmptyState, Group, Paper, Table, Text } from '@mantine/core';
import { IconMailOff, IconRefresh, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { ConfirmFormDialog } from '../../ui/confirm-dialog';
import { EmailAddress } from '../../ui/email-address';
import { PERMISSIONS, type Invitation } from './organization-model';

export function InvitationsTable({ invitations }: { invitations: Invitation[] }) {
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  return (
    <>
      {invitations.length === 0 ? (
        <Paper withBorder p="xl">
          <EmptyState
            icon={<IconMailOff size={28} />}
            title="No pending invitations"
            description="Invite people with the form above. Their invitations wait here until they accept."
          />
        </Paper>
      ) : (
        <StackedTableScroll minWidth={760}>
          <Table className={stacked.table} verticalSpacing="sm" aria-label="Pending invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>E-mail</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th>Invited by</Table.Th>
                <Table.Th>Sent</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Td data-label="E-mail">
                    <Text size="sm" fw={600}>
                      <EmailAddress email={invitation.email} />
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Permissions">
                    <PermissionBadges invitation={invitation} />
                  </Table.Td>
                  <Table.Td data-label="Invited by">
                    <Text size="sm">{invitation.invited_by_name}</Text>
                  </Table.Td>
                  <Table.Td data-label="Sent">
                    <Text size="sm">{invitation.sent}</Text>
                  </Table.Td>
                  <Table.Td data-label="Actions">
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <ResendButton invitation={invitation} />
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconX size={14} aria-hidden />}
                        onClick={() => setRevoking(invitation)}
                        aria-label={`Revoke the invitation to ${invitation.email}`}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTableScroll>
      )}
      {/* Mounted whatever the list shows: a live update may empty it while the revocation is still being answered,
          and the answer's notice comes from this dialog's request. */}
      <ConfirmFormDialog
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke invitation"
        message={`Revoke the invitation to ${revoking?.email ?? ''}? The link in their e-mail stops working.`}
        confirmLabel="Revoke"
        closeWhen="answered"
        intent="revoke-invitation"
        fields={{ id: revoking?.id ?? '' }}
      />
    </>
  );
}

function PermissionBadges({ invitation }: { invitation: Invitation }) {
  const granted = PERMISSIONS.filter((permission) => invitation[permission.name]);
  if (granted.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Member, no permissions
      </Text>
    );
  return (
    <Group gap={4}>
      {granted.map((permission) => (
        <Badge key={permission.name} variant="light" size="sm">
          {permission.column}
        </Badge>
      ))}
    </Group>
  );
}

function ResendButton({ invitation }: { invitation: Invitation }) {
  const fetcher = useFetcher<ActionResult>();
  useActionFeedback(fetcher.data);
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={fetcher.state !== 'idle'}
      aria-label={`Resend the invitation to ${invitation.email}`}
      onClick={() => fetcher.submit({ intent: 'resend-invitation', id: invitation.id }, { method: 'post' })}
    >
      Resend
    </Button>
  );
}
