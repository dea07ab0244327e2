// /profile: who is signed in, their time off, and signing out; profile details and security settings will live here.
import { Button, Card, Group, Stack, Table } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { data } from 'react-router';
import type { Route } from './+types/profile';
import { useSignOut } from '../components/layout/use-sign-out';
import { PageHeader } from '../components/page-header';
import { addTimeOff, deleteTimeOff } from '../components/time-off/time-off-actions.server';
import { loadTimeOffOf } from '../components/time-off/time-off.server';
import { MyTimeOff } from '../components/time-off/my-time-off';
import { useAuth } from '../state/auth-provider';
import { failed, type ActionResult } from '../utils/action-result';
import { sessionUserContext, supabaseContext } from '../utils/request-context.server';

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionUserContext);
  if (!user) return { userId: null, timeOff: { upcoming: [], past: [] } };
  return { userId: user.id, timeOff: await loadTimeOffOf(context.get(supabaseContext), user.id) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(sessionUserContext);
  const supabase = context.get(supabaseContext);
  const form = await request.formData();
  let result: ActionResult;
  if (!user) result = failed('unknown', 'Sign in again to change your time off.');
  else if (form.get('intent') === 'add-time-off') {
    // This page records one's own time off only, whatever the form says.
    form.set('user_id', user.id);
    result = await addTimeOff(supabase, form);
  } else if (form.get('intent') === 'delete-time-off')
    result = await deleteTimeOff(supabase, String(form.get('id') ?? ''));
  else result = failed('unknown', 'This form is not known here.');
  return data(result, result.ok ? 200 : result.fieldErrors ? 422 : 400);
}

export const meta: Route.MetaFunction = () => [{ title: 'Profile · Teamplan' }];

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { user } = useAuth();
  const signOut = useSignOut();
  return (
    <Stack maw={720}>
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
      {loaderData.userId ? (
        <MyTimeOff
          userId={loaderData.userId}
          upcoming={loaderData.timeOff.upcoming}
          past={loaderData.timeOff.past}
          action="/profile"
        />
      ) : null}
      <Group>
        <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Button>
      </Group>
    </Stack>
  );
}
