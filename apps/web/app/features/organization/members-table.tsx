// The members table: who they are, their three permissions as switches, when they joined and their capacity.
import { StackedTableScroll } from '../../ui/stacked-table-scroll';
import stacked from '../../ui/stacked-table.module.css';
import { ActionIcon, Badge, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconDots, IconUserMinus } from '@tabler/icons-react';
import {
  describeCapacity,
  PERMISSIONS,
  personName,
  type Member,
  type OrganizationSettings,
} from './organization-model';
import { PermissionSwitch } from './permission-switch';
import { PersonAvatar } from '../../ui/person-avatar';
import { EmailAddress } from '../../ui/email-address';

type MembersTableProps = {
  members: Member[];
  settings: OrganizationSettings;
  currentUserId: string | undefined;
  onEditCapacity: (member: Member) => void;
  onRemove: (member: Member) => void;
};

export function MembersTable({ members, settings, currentUserId, onEditCapacity, onRemove }: MembersTableProps) {
  return (
    <StackedTableScroll minWidth={1080}>
      <Table className={stacked.table} highlightOnHover verticalSpacing="sm" aria-label="Members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Job title</Table.Th>
            {PERMISSIONS.map((permission) => (
              <Table.Th key={permission.name} ta="center">
                <Text span size="xs" c="dimmed" display="block" fw={400}>
                  Manages
                </Text>
                {permission.column}
              </Table.Th>
            ))}
            <Table.Th>Joined</Table.Th>
            <Table.Th>Capacity</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              settings={settings}
              isYou={member.id === currentUserId}
              onEditCapacity={onEditCapacity}
              onRemove={onRemove}
            />
          ))}
        </Table.Tbody>
      </Table>
    </StackedTableScroll>
  );
}

type MemberRowProps = Omit<MembersTableProps, 'members' | 'currentUserId'> & { member: Member; isYou: boolean };

function MemberRow({ member, settings, isYou, onEditCapacity, onRemove }: MemberRowProps) {
  const name = personName(member);
  const capacity = describeCapacity(member, settings);
  return (
    <Table.Tr>
      <Table.Td data-label="Name">
        <Group gap={6} wrap="nowrap">
          <PersonAvatar userId={member.id} name={name} size="sm" color="blue" />
          {member.full_name.trim() ? (
            <Text fw={600} size="sm">
              {member.full_name}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              No name yet
            </Text>
          )}
          {isYou ? (
            // Never squeezed by a long name: the badge's word stays whole.
            <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
              You
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td data-label="E-mail">
        <Text size="sm">{member.email ? <EmailAddress email={member.email} /> : '—'}</Text>
      </Table.Td>
      <Table.Td data-label="Job title">
        <Text size="sm" c={member.job_title ? undefined : 'dimmed'}>
          {member.job_title ?? '—'}
        </Text>
      </Table.Td>
      {PERMISSIONS.map((permission) => (
        <Table.Td key={permission.name} data-label={permission.label}>
          <Group justify="center">
            <PermissionSwitch
              userId={member.id}
              permission={permission.name}
              checked={member[permission.name]}
              label={`${name} ${permission.label}`}
              isYou={isYou}
            />
          </Group>
        </Table.Td>
      ))}
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Joined">
        <Text size="sm">{member.joined}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-label="Capacity">
        <Text size="sm">
          {capacity.hours}
          {capacity.hoursAreDefault ? <DefaultMark /> : null}
        </Text>
        <Text size="xs" c="dimmed">
          {capacity.days}
          {capacity.daysAreDefault ? ' (default)' : null}
        </Text>
      </Table.Td>
      <Table.Td data-label="Actions">
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
              <IconDots size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => onEditCapacity(member)}>
              Edit capacity
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={() => onRemove(member)}>
              Remove from organization
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Table.Td>
    </Table.Tr>
  );
}

function DefaultMark() {
  return (
    <Text span size="xs" c="dimmed">
      {' '}
      (default)
    </Text>
  );
}
