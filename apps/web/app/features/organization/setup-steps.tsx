// The set-up steps a new administrator sees on their home page, each ticked once done (public.setup_progress): name
// the organization, invite people, add a project, plan the work. Gone once every step is done.
import { Anchor, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';

export type SetupProgress = { named: boolean; invited: boolean; project: boolean; planned: boolean };

const STEPS: { key: keyof SetupProgress; label: string; to: string; hint: string }[] = [
  { key: 'named', label: 'Name the organization', to: '/organization?tab=settings', hint: 'and its work week' },
  { key: 'invited', label: 'Invite people', to: '/organization?tab=invitations', hint: 'by e-mail' },
  { key: 'project', label: 'Add a project', to: '/projects', hint: 'with its dates and budget' },
  { key: 'planned', label: 'Plan the work', to: '/user-allocations', hint: 'who works on what, when' },
];

export function SetupSteps({ progress }: { progress: SetupProgress }) {
  const done = STEPS.filter((step) => progress[step.key]).length;
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="setup-steps">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="setup-steps">
          Set up your organization
        </Title>
        <Text size="sm" c="dimmed">
          {done} of {STEPS.length} done
        </Text>
      </Group>
      <List spacing="xs" center>
        {STEPS.map((step) => {
          const ticked = progress[step.key];
          return (
            <List.Item
              key={step.key}
              data-step={step.key}
              data-done={ticked || undefined}
              icon={
                <ThemeIcon color={ticked ? 'green' : 'gray'} variant="light" radius="xl" size={24} aria-hidden>
                  {ticked ? <IconCircleCheck size={16} /> : <IconCircleDashed size={16} />}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} to={step.to} td={ticked ? 'line-through' : undefined}>
                {step.label}
              </Anchor>{' '}
              <Text span size="sm" c="dimmed">
                {step.hint}
                {ticked ? ' (done)' : ''}
              </Text>
            </List.Item>
          );
        })}
      </List>
    </Paper>
  );
}
