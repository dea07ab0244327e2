// The page a signed-in person without a membership sees in place of any page but the profile: whom to ask for access.
import { Anchor, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { NoAccessDetails } from '../../session/no-access';
import { useAuth } from '../../session/auth-provider';
import { useSignOut } from './use-sign-out';

export function NoAccessPage({ details }: { details: NoAccessDetails }) {
  const { user } = useAuth();
  const signOut = useSignOut();
  const organization = details.organizationName ?? 'the organization';
  const contacts = details.contacts.filter((contact) => contact.name || contact.email);
  return (
    <Card withBorder maw={640} p="xl">
      <Stack>
        <ThemeIcon size="xl" radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={22} />
        </ThemeIcon>
        <Title order={1} size="h2">
          You do not have access yet
        </Title>
        <Text>
          You are signed in{user?.email ? ` as ${user.email}` : ''}, but you are not a member of {organization}. A
          member who manages users can add you; until then you can only edit your profile.
        </Text>
        {contacts.length > 0 ? (
          <div>
            <Text fw={600} mb="xs">
              Ask one of them for access:
            </Text>
            <List spacing={4} aria-label="Whom to ask for access">
              {contacts.map((contact) => (
                <List.Item key={`${contact.email}-${contact.name}`}>
                  {contact.name ?? contact.email}
                  {contact.email && contact.name ? (
                    <>
                      {' – '}
                      <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
                    </>
                  ) : null}
                </List.Item>
              ))}
            </List>
          </div>
        ) : (
          <Text>Ask an administrator of your organization to invite this e-mail address.</Text>
        )}
        <Group>
          <Button component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
            Open my profile
          </Button>
          <Button variant="default" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
            Sign out
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
