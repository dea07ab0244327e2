// A project's status as a small colored badge.
import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS, type ProjectStatus } from './project-schema';

export function StatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
