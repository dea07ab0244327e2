// A person's coming weeks side by side: utilization, booked hours against capacity, and days off.
import { Badge, Card, Progress, SimpleGrid, Text } from '@mantine/core';
import { formatRange } from '../../lib/dates';
import { formatNumber } from '../../lib/numbers';
import { formatPercent, LEVEL_COLORS, LEVEL_LABELS, loadLevel, type UtilizationPeriod } from './utilization';

const hours = (value: number | string) => `${formatNumber(Number(value), 1)} h`;

export function WeekLoadCards({ periods, currentWeek }: { periods: UtilizationPeriod[]; currentWeek: string }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
      {periods.map((period) => {
        const level = loadLevel(period);
        const share = period.utilization === null ? 0 : Number(period.utilization) * 100;
        return (
          <Card
            key={period.period_start}
            withBorder
            padding="sm"
            aria-label={`Week of ${formatRange(period.period_start, period.period_end)}`}
          >
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {period.period_start === currentWeek ? 'This week' : formatRange(period.period_start, period.period_end)}
            </Text>
            <Text fz={28} fw={700} c={level === 'over' ? 'red' : undefined} data-testid="week-utilization">
              {formatPercent(period.utilization)}
            </Text>
            <Progress value={Math.min(share, 100)} color={LEVEL_COLORS[level]} size="sm" mb={6} aria-hidden />
            <Text size="sm">
              {hours(period.allocated_hours)} of {hours(period.capacity_hours)}
            </Text>
            {Number(period.tentative_hours) > 0 ? (
              <Text size="xs" c="dimmed">
                incl. {hours(period.tentative_hours)} tentative
              </Text>
            ) : null}
            {period.time_off_days > 0 ? (
              <Text size="xs" c="dimmed">
                {period.time_off_days} {period.time_off_days === 1 ? 'day' : 'days'} off
              </Text>
            ) : null}
            <Badge mt={6} variant="light" color={LEVEL_COLORS[level]} size="sm">
              {LEVEL_LABELS[level]}
            </Badge>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
