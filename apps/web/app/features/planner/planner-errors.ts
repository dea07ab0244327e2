// Why the backend refused a change to an allocation, in words a person understands (never SQL or a stack trace).

interface BackendError {
  code?: string;
  message?: string;
  details?: string | null;
}

const CONSTRAINTS: [RegExp, string][] = [
  [/allocations_dates_ordered/, 'The end date must not be before the start date.'],
  [/allocations_span_limited/, 'An allocation may span ten years at most. Check the start and end dates.'],
  [/hours_per_day/, 'Hours per day must be more than 0 and at most 24.'],
  [/role/, 'The role may have 120 characters at most.'],
  [/note/, 'The note may have 2,000 characters at most.'],
];

export const GONE_MESSAGE =
  'This allocation no longer exists or you may no longer change it. Reload the page to see the current plan.';

export function allocationErrorMessage(error: unknown): string {
  const { code, message = '', details = '' } = (error ?? {}) as BackendError;
  const text = `${message} ${details ?? ''}`;
  if (code === '23514') {
    const match = CONSTRAINTS.find(([pattern]) => pattern.test(text));
    return match ? match[1] : 'The allocation breaks a rule of the plan; check its dates and hours.';
  }
  if (code === '42501') {
    return 'You do not have permission to change allocations. Ask an administrator for the permission to manage projects.';
  }
  if (code === '23503') return 'The project or the person no longer exists. Reload the page to see the current plan.';
  if (code === '22007' || code === '22008') return 'One of the dates is not a valid date.';
  if (code === 'PGRST116') return GONE_MESSAGE;
  if (/fetch|network/i.test(message)) return 'The server could not be reached, so the change was not saved.';
  return 'The change could not be saved. Please try again.';
}
