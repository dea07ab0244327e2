// Changing the password, with the same strength hints as sign-up; when the auth service asks for proof of a recent
// sign-in, the code it e-mails is asked for before the change goes through.
import { Anchor, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { PasswordField } from '../../ui/password-field';
import type { ProfileActionResult } from './profile-action-result';
import { SectionTitle } from './section-title';

export function PasswordCard() {
  const fetcher = useFetcher<ProfileActionResult>();
  const resend = useFetcher<ProfileActionResult>();
  const [resetKey, setResetKey] = useState(0);
  useActionFeedback(fetcher.data, () => setResetKey((key) => key + 1));
  useActionFeedback(resend.data);
  // A code was e-mailed for this change, and the password has not been changed since.
  const codeSent = fetcher.data?.ok !== true && Boolean(fetcher.data?.codeSent || resend.data?.codeSent);
  const result = fetcher.data?.ok === false ? fetcher.data : undefined;
  return (
    <Card withBorder>
      <Stack>
        <SectionTitle title="Password">Changing it signs you out on your other devices.</SectionTitle>
        <fetcher.Form method="post" noValidate key={resetKey}>
          <input type="hidden" name="intent" value="change-password" />
          <Stack>
            <PasswordField label="New password" name="password" weakPassword={result?.weakPassword} />
            {result?.fieldErrors?.password ? (
              <Text c="red" size="sm" role="alert">
                {result.fieldErrors.password}
              </Text>
            ) : null}
            {codeSent ? (
              <TextInput
                label="Code from the e-mail"
                name="nonce"
                description="We e-mailed you a code to confirm it is you."
                autoComplete="one-time-code"
                inputMode="numeric"
                error={result?.fieldErrors?.nonce}
                maw={320}
              />
            ) : null}
            <Group justify="space-between">
              {codeSent ? (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => void resend.submit({ intent: 'send-reauthentication-code' }, { method: 'post' })}
                >
                  Send a new code
                </Anchor>
              ) : (
                <span />
              )}
              <Button type="submit" loading={fetcher.state !== 'idle'}>
                Change password
              </Button>
            </Group>
          </Stack>
        </fetcher.Form>
      </Stack>
    </Card>
  );
}
