// The audit trail's date range: the half-picked range stays on screen, and only a whole range (or none) is applied.
import '@mantine/dates/styles.css';
import { DatePickerInput, type DayOfWeek } from '@mantine/dates';
import { useState } from 'react';

type Range = [string | null, string | null];

type DateRangeFilterProps = {
  from: string | null;
  to: string | null;
  /** The organization's first day of the week, ISO (1 = Monday ... 7 = Sunday). */
  weekStart: number;
  onApply: (range: { from: string | null; to: string | null }) => void;
};

/** Give it a key made of `from` and `to`, so that a range changed elsewhere (the URL) starts it afresh. */
export function DateRangeFilter({ from, to, weekStart, onApply }: DateRangeFilterProps) {
  const [range, setRange] = useState<Range>([from, to]);
  return (
    <DatePickerInput
      type="range"
      label="When"
      placeholder="Any date"
      value={range}
      onChange={(next) => {
        setRange(next);
        if (Boolean(next[0]) === Boolean(next[1])) onApply({ from: next[0], to: next[1] });
      }}
      allowSingleDateInRange
      firstDayOfWeek={(weekStart % 7) as DayOfWeek}
      clearable
      valueFormat="D MMM YYYY"
      w={260}
    />
  );
}
