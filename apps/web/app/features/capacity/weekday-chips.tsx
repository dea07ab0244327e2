// Work days as a row of chips, Monday to Sunday; each chosen day is submitted as a `work_days` value (ISO 1-7).
import { Chip, Group, Input } from '@mantine/core';
import { WEEKDAYS } from '../../lib/weekdays';

type WeekdayChipsProps = {
  label: string;
  defaultValue: readonly number[];
  error?: string;
  description?: string;
  disabled?: boolean;
};

export function WeekdayChips({ label, defaultValue, error, description, disabled }: WeekdayChipsProps) {
  return (
    <Input.Wrapper label={label} error={error} description={description}>
      <Chip.Group multiple defaultValue={defaultValue.map(String)}>
        <Group gap={6} mt={6} role="group" aria-label={label}>
          {WEEKDAYS.map((day) => (
            <Chip
              key={day.day}
              name="work_days"
              value={String(day.day)}
              size="sm"
              disabled={disabled}
              aria-label={day.label}
            >
              {day.short}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
