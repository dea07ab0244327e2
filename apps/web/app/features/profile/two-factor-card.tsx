// Two-factor authentication: the authenticators set up, adding one (scan, then confirm with its first code) and
// removing one after asking.
import { Badge, Button, Card, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { useActionFeedback } from '../../ui/use-action-feedback';
import { formatDate } from '../../lib/dates';
import { ConfirmFormDialog } from '../../ui/confirm-dialog';
import { EnrollmentSteps } from './enrollment-steps';
import type { ProfileActionResult } from './profile-action-result';
import type { FactorSummary } from './profile.server';
import { SectionTitle } from './section-title';

export function TwoFactorCard({ factors }: { factors: FactorSummary[] }) {
  const start = useFetcher<ProfileActionResult>();
  const [enrollment, setEnrollment] = useState<ProfileActionResult['enrollment']>();
  const [removing, setRemoving] = useState<FactorSummary | null>(null);
  useActionFeedback(start.data, () => setEnrollment(start.data?.enrollment));
  const errors = start.data?.ok === false ? (start.data.fieldErrors ?? {}) : {};
  const isOn = factors.some((factor) => factor.verified);
  return (
    <Card withBorder>
      <Stack>
        <SectionTitle title="Two-factor authentication">
          With an authenticator app, signing in also asks for a 6-digit code from your phone.
        </SectionTitle>
        {factors.length === 0 ? (
          <Text size="sm">Off. Set up an authenticator app below to protect your account with a code.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Authenticators">
            {factors.map((factor) => (
              <Paper key={factor.id} withBorder p="sm" component="li">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="sm" wrap="nowrap">
                    <IconShieldCheck size={20} aria-hidden />
                    <div>
                      <Text size="sm" fw={600}>
                        {factor.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Added {formatDate(factor.createdAt.slice(0, 10))}
                      </Text>
                    </div>
                    <Badge color={factor.verified ? 'green' : 'orange'} variant="light">
                      {factor.verified ? 'On' : 'Setup not finished'}
                    </Badge>
                  </Group>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    aria-label={`Remove ${factor.name}`}
                    onClick={() => setRemoving(factor)}
                  >
                    Remove
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        {enrollment ? (
          <EnrollmentSteps enrollment={enrollment} onDone={() => setEnrollment(undefined)} />
        ) : (
          <start.Form method="post" noValidate key={isOn ? 'another' : 'first'}>
            <input type="hidden" name="intent" value="enroll" />
            <Group align="flex-end">
              <TextInput
                label="Name of the authenticator"
                name="friendly_name"
                defaultValue={isOn ? '' : 'Authenticator app'}
                placeholder="For example: My phone"
                error={errors.friendly_name}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button type="submit" loading={start.state !== 'idle'}>
                {isOn ? 'Add another authenticator' : 'Set up authenticator app'}
              </Button>
            </Group>
          </start.Form>
        )}
      </Stack>
      <ConfirmFormDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove authenticator"
        message={
          removing?.verified && factors.filter((factor) => factor.verified).length === 1
            ? `Remove ${removing.name}? Signing in will no longer ask for a code.`
            : `Remove ${removing?.name ?? 'this authenticator'}?`
        }
        action="/profile"
        intent="remove-factor"
        fields={{ id: removing?.id }}
      />
    </Card>
  );
}
