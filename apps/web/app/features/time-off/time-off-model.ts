// Time off on screen: who is away, when, and why (the note shows only to the person and planners). Kept apart from
// the form's validation (time-off-schema.ts), so that pages that only show time off do not load the validator.
import { TIME_OFF_KINDS, type TimeOffKind } from '../../types/check-values';

export { TIME_OFF_KINDS, type TimeOffKind };

export const KIND_LABELS: Record<TimeOffKind, string> = {
  vacation: 'Vacation',
  sick: 'Sick',
  public_holiday: 'Public holiday',
  other: 'Other',
};

export const KIND_COLORS: Record<TimeOffKind, string> = {
  vacation: 'teal',
  sick: 'orange',
  public_holiday: 'violet',
  other: 'gray',
};

export type TimeOffRow = {
  id: string;
  user_id: string;
  start_date: string;
  end_date: string;
  /** Hours off each day; null for whole days. */
  hours: number | null;
  kind: TimeOffKind;
  note: string | null;
};

export const TIME_OFF_COLUMNS = 'id,user_id,start_date,end_date,hours,kind,note';
