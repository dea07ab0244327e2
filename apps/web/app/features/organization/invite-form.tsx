// Inviting someone by e-mail with the permissions they get on joining; the form empties after each invitation.
import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { type ActionResult } from '../../lib/action-result';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { PERMISSIONS } from './organization-model';

export function InviteForm() {
  const fetcher = useFetcher<ActionResult>();
  const [round, setRound] = useState(0);
  useActionFeedback(fetcher.data, () => setRound((count) => count + 1));
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Paper withBorder p="lg" mb="lg">
      <Title order={2} size="h4">
        Invite someone
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        They receive an e-mail with a link to choose a password, and join with the permissions chosen here.
      </Text>
      <fetcher.Form method="post" noValidate aria-label="Invite someone" key={round}>
        <input type="hidden" name="intent" value="invite" />
        <Stack>
          <TextInput
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            placeholder="name@example.com"
            error={errors.email}
            required
            maw={420}
          />
          <Group gap="lg">
            {PERMISSIONS.map((permission) => (
              <Checkbox
                key={permission.name}
                name={permission.name}
                label={`Can manage ${permission.column.toLowerCase()}`}
              />
            ))}
          </Group>
          <Group>
            <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={fetcher.state !== 'idle'}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </fetcher.Form>
    </Paper>
  );
}
