// A project's header facts: code, client, status, dates, and its budget against the hours planned so far.
import type { ReactNode } from 'react';
import { Card, ColorSwatch, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatRange } from '../../lib/dates';
import { STATUS_LABELS, type ProjectSummary } from './project-schema';
import { StatusBadge } from './status-badge';
import { formatHours } from '../../lib/hours';
import { countOf } from '../../lib/plural';

export function ProjectOverview({ project }: { project: ProjectSummary }) {
  const planned = Number(project.planned_hours);
  const budget = project.budget_hours === null ? null : Number(project.budget_hours);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} mb="lg">
      <Card withBorder>
        <Stack gap="xs">
          <Fact label="Status">
            <StatusBadge status={project.status} />
          </Fact>
          <Fact label="Code">{project.code ?? '—'}</Fact>
          <Fact label="Client">{project.client ?? '—'}</Fact>
          <Fact label="Dates">{formatRange(project.start_date, project.end_date)}</Fact>
          <Fact label="Color">
            <Group gap="xs">
              <ColorSwatch color={project.color} size={16} aria-hidden />
              <Text size="sm">{project.color}</Text>
            </Group>
          </Fact>
        </Stack>
      </Card>
      <Card withBorder>
        <Text fw={600} mb="xs">
          Budget vs planned
        </Text>
        <BudgetMeter planned={planned} tentative={Number(project.tentative_hours)} budget={budget} />
        <Text size="sm" c="dimmed" mt="sm">
          {countOf(project.people_count, 'person', 'people')} · {countOf(project.allocation_count, 'allocation')} ·
          status {STATUS_LABELS[project.status].toLowerCase()}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed" w={70}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Group>
  );
}

function BudgetMeter({ planned, tentative, budget }: { planned: number; tentative: number; budget: number | null }) {
  if (budget === null) {
    return (
      <Text size="sm" data-testid="budget-summary">
        {formatHours(planned)} planned{tentative > 0 ? ` (${formatHours(tentative)} tentative)` : ''} · no budget set
      </Text>
    );
  }
  const share = budget > 0 ? (planned / budget) * 100 : planned > 0 ? 101 : 0;
  const over = share > 100;
  return (
    <Stack gap={6}>
      <Text size="sm" data-testid="budget-summary">
        {formatHours(planned)} planned of {formatHours(budget)} budget
        {tentative > 0 ? ` (${formatHours(tentative)} tentative)` : ''}
      </Text>
      <Progress
        value={Math.min(share, 100)}
        color={over ? 'red' : 'green'}
        size="lg"
        aria-label="Planned share of the budget"
      />
      <Text size="sm" c={over ? 'red' : 'dimmed'}>
        {over ? `${formatHours(planned - budget)} over budget` : `${formatHours(budget - planned)} left`}
      </Text>
    </Stack>
  );
}
