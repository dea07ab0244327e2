// The sign-in address and changing it: the new address is taken once its confirmation link is opened.
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { ProfileActionResult } from './profile-action-result';
import { SectionTitle } from './section-title';

export function EmailCard({ email, pendingEmail }: { email: string | null; pendingEmail: string | null }) {
  const fetcher = useFetcher<ProfileActionResult>();
  // After a success the field starts over.
  const [resetKey, setResetKey] = useState(0);
  useActionFeedback(fetcher.data, () => setResetKey((key) => key + 1));
  const errors = fetcher.data?.ok === false ? (fetcher.data.fieldErrors ?? {}) : {};
  return (
    <Card withBorder>
      <Stack>
        <SectionTitle title="E-mail address">You sign in with it and receive links and codes there.</SectionTitle>
        <Text>
          Current address:{' '}
          <Text span fw={600} data-testid="current-email">
            {email ?? 'none'}
          </Text>
        </Text>
        {pendingEmail ? (
          <Alert variant="light" color="blue" icon={<IconMailForward size={18} aria-hidden />}>
            A change to <strong>{pendingEmail}</strong> waits for confirmation: open the link we e-mailed.
          </Alert>
        ) : null}
        <fetcher.Form method="post" noValidate key={resetKey}>
          <input type="hidden" name="intent" value="change-email" />
          <Group align="flex-start">
            <TextInput
              label="New e-mail address"
              name="email"
              type="email"
              autoComplete="email"
              error={errors.email}
              style={{ flex: 1, minWidth: 220 }}
            />
            <Button type="submit" mt={25} loading={fetcher.state !== 'idle'}>
              Send confirmation link
            </Button>
          </Group>
        </fetcher.Form>
      </Stack>
    </Card>
  );
}
