// /profile: who is signed in, and signing out; profile details and security settings will live here.
import { Button, Card, Group, Stack, Table } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { Route } from './+types/profile';
import { useSignOut } from '../components/layout/use-sign-out';
import { PageHeader } from '../components/page-header';
import { useAuth } from '../state/auth-provider';

export const meta: Route.MetaFunction = () => [{ title: 'Profile · Teamplan' }];

export default function Profile() {
  const { user } = useAuth();
  const signOut = useSignOut();
  return (
    <Stack maw={640}>
      <PageHeader
        title="Profile"
        description="Your name and sign-in details. Job title, avatar, time zone, password and two-factor settings come here."
      />
      <Card withBorder>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>Name</Table.Th>
              <Table.Td>{user?.fullName ?? 'Not set'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>E-mail</Table.Th>
              <Table.Td>{user?.email ?? 'Not set'}</Table.Td>
            </Table.Tr>
            {user?.phone ? (
              <Table.Tr>
                <Table.Th>Phone</Table.Th>
                <Table.Td>{user.phone}</Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Card>
      <Group>
        <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Button>
      </Group>
    </Stack>
  );
}
