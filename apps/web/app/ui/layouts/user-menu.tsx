// The signed-in user's avatar and name, opening a menu with Profile and Sign out.
import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { DeferredMenu } from '../deferred-menu';
import { IconChevronUp, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuth } from '../../session/auth-provider';
import { displayName } from '../../session/session-user';
import { PersonAvatar } from '../person-avatar';
import { useSignOut } from './use-sign-out';

export function UserMenu() {
  const { user } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;
  const name = displayName(user);
  return (
    <DeferredMenu
      position="top-start"
      width="target"
      withinPortal
      // Named by its text (the user's name and e-mail); the menu marks it as opening one.
      target={
        <UnstyledButton w="100%" p="xs" title="User menu" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="sm" wrap="nowrap">
            <PersonAvatar userId={user.id} name={name} color="blue" data-testid="sidebar-avatar" />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end">
                {name}
              </Text>
              {user.email && user.email !== name ? (
                <Text size="xs" c="dimmed" truncate="end">
                  {user.email}
                </Text>
              ) : null}
            </div>
            <IconChevronUp size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      }
    >
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </DeferredMenu>
  );
}
