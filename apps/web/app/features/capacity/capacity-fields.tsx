// A person's weekly hours and work days, each either their own or the organization's default: the fields of the
// profile's capacity form and of the organization's capacity dialog, read back by readCapacity.
import { Checkbox } from '@mantine/core';
import { useState } from 'react';
import type { FieldErrors } from '../../lib/action-result';
import { formatHours } from '../../lib/hours';
import { formatWorkDays } from '../../lib/weekdays';
import { WeekdayChips } from './weekday-chips';
import { DecimalInput } from '../../ui/decimal-input';

type CapacityFieldsProps = {
  capacity: { weekly_capacity_hours: number | null; work_days: number[] | null };
  /** The organization's defaults, when the viewer may read them. */
  defaults: { default_weekly_hours: number; work_days: number[] } | null;
  errors: FieldErrors;
  autoFocus?: boolean;
};

export function CapacityFields({ capacity, defaults, errors, autoFocus }: CapacityFieldsProps) {
  const [defaultDays, setDefaultDays] = useState(capacity.work_days === null);
  const defaultHours = defaults ? formatHours(defaults.default_weekly_hours, 'h/week') : null;
  return (
    <>
      <DecimalInput
        label="Weekly capacity (hours)"
        name="weekly_capacity_hours"
        defaultValue={capacity.weekly_capacity_hours ?? ''}
        placeholder={defaultHours ? `Organization default: ${defaultHours}` : 'Organization default'}
        description="Leave empty to use the organization default."
        min={0}
        max={168}
        error={errors.weekly_capacity_hours}
        data-autofocus={autoFocus || undefined}
      />
      <Checkbox
        label={`Use the organization's work days${defaults ? ` (${formatWorkDays(defaults.work_days)})` : ''}`}
        name="default_work_days"
        checked={defaultDays}
        onChange={(event) => setDefaultDays(event.currentTarget.checked)}
      />
      {defaultDays ? null : (
        <WeekdayChips
          label="Work days"
          defaultValue={capacity.work_days ?? defaults?.work_days ?? [1, 2, 3, 4, 5]}
          error={errors.work_days}
        />
      )}
    </>
  );
}
