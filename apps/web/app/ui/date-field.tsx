// A date input for the planning forms: type a date (2026-03-02) or pick it; the form receives YYYY-MM-DD.
import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';

type DateFieldProps = {
  label: string;
  name: string;
  defaultValue?: string | null;
  /** Given with onChange, the field shows this date ('' for none) instead of keeping its own. */
  value?: string;
  onChange?: (value: string) => void;
  error?: string;
  required?: boolean;
  description?: string;
};

export function DateField({
  label,
  name,
  defaultValue,
  value,
  onChange,
  error,
  required,
  description,
}: DateFieldProps) {
  return (
    <DateInput
      label={label}
      name={name}
      defaultValue={defaultValue || null}
      value={value === undefined ? undefined : value || null}
      onChange={onChange && ((date) => onChange(date ?? ''))}
      error={error}
      required={required}
      description={description}
      valueFormat="D MMM YYYY"
      placeholder="Pick or type a date"
      clearable={!required}
      firstDayOfWeek={1}
      popoverProps={{ withinPortal: true }}
    />
  );
}
