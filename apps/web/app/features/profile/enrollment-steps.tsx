// Setting up an authenticator: scan the QR code (or type the secret), then confirm with the first code it shows.
import {
  ActionIcon,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import type { ProfileActionResult } from './profile-action-result';

type Enrollment = NonNullable<ProfileActionResult['enrollment']>;

export function EnrollmentSteps({ enrollment, onDone }: { enrollment: Enrollment; onDone: () => void }) {
  const verify = useFetcher<ProfileActionResult>();
  useActionFeedback(verify.data, onDone);
  const errors = verify.data?.ok === false ? (verify.data.fieldErrors ?? {}) : {};
  return (
    <Paper withBorder p="md" bg="light-dark(var(--mantine-color-slate-0), var(--mantine-color-dark-7))">
      <Stack>
        <Text fw={600}>1. Scan this QR code with your authenticator app</Text>
        <Group align="flex-start" gap="lg">
          <Image
            src={enrollment.qrCode}
            alt="QR code for your authenticator app"
            w={180}
            h={180}
            bg="white"
            p={6}
            radius="sm"
          />
          <Stack gap={4} style={{ flex: 1, minWidth: 220 }}>
            <Text size="sm">Cannot scan it? Type this key into the app instead:</Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
                {enrollment.secret}
              </Code>
              <CopyButton value={enrollment.secret}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy key'} withArrow>
                    <ActionIcon variant="subtle" onClick={copy} aria-label="Copy key">
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Group>
        <Text fw={600}>2. Enter the 6-digit code the app shows</Text>
        <verify.Form method="post" noValidate>
          <input type="hidden" name="intent" value="verify-factor" />
          <input type="hidden" name="factor_id" value={enrollment.factorId} />
          <Group align="flex-start">
            <TextInput
              label="Code from the app"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              error={errors.code}
              maw={200}
            />
            <Button type="submit" mt={25} loading={verify.state !== 'idle'}>
              Turn on
            </Button>
            <Button type="button" variant="default" mt={25} onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </verify.Form>
      </Stack>
    </Paper>
  );
}
