// The data API's refusals in words a person understands: constraint and permission errors become sentences, never
// SQL. The one wording table of the app: forms, the project page and the planner all say the same thing.
export type DataError = { code?: string; message?: string; details?: string | null } | null | undefined;

// Check and unique constraints of the planning tables, by name, and what each one means for the person typing.
const CONSTRAINT_MESSAGES: Record<string, string> = {
  projects_code_key: 'Another project already uses this code. Choose a different one.',
  projects_code_check: 'The code may hold up to 20 letters, digits, "-" or "_", starting with a letter or digit.',
  projects_name_check: 'The name must be 1 to 120 characters long.',
  projects_color_check: 'The color must be written as #RRGGBB.',
  projects_dates_ordered: 'The end date must not be before the start date.',
  projects_budget_hours_check: 'The budget must be zero hours or more.',
  allocations_dates_ordered: 'The end date must not be before the start date.',
  allocations_span_limited: 'An allocation may span ten years at most. Check the start and end dates.',
  allocations_hours_per_day_check: 'Hours per day must be more than 0 and at most 24.',
  allocations_role_check: 'The role may have 120 characters at most.',
  allocations_note_check: 'The note may have 2,000 characters at most.',
  time_off_dates_ordered: 'The last day must not be before the first day.',
  time_off_span_limited: 'One entry of time off may span a year at most. Split longer absences.',
  time_off_no_overlap:
    'This person already has time off on some of these days. Change the dates, or change the time off already recorded.',
  time_off_hours_per_day: 'Hours off must be more than 0 and at most 24 a day. Leave them empty for whole days.',
  time_off_entries_kind_check: 'Choose vacation, sick, public holiday or other.',
  time_off_entries_note_check: 'The note may have 2,000 characters at most.',
  announcements_title_check: 'The title must be 1 to 200 characters long.',
  announcements_body_check: 'The text may be at most 20,000 characters long.',
  announcements_expire_after_publishing: 'The expiry must be after the publish time.',
  invitations_one_pending_per_address: 'This address has already been invited. Resend the invitation instead.',
  invitations_email_check: 'Enter a valid e-mail address.',
  organization_name_check: 'The name must be 1 to 120 characters long.',
  organization_default_weekly_hours_check: 'The weekly capacity must be between 0 and 168 hours.',
  organization_work_days_check: 'Choose at least one work day.',
  organization_allowed_email_domains_plain:
    'Write each allowed domain in lower case, without "@", such as example.com.',
  profiles_weekly_capacity_hours_check: 'The weekly capacity must be between 0 and 168 hours.',
};

// The form field each constraint is about, so that its message marks that field instead of a popup over the form.
const CONSTRAINT_FIELDS: Record<string, string> = {
  projects_code_key: 'code',
  projects_code_check: 'code',
  projects_name_check: 'name',
  projects_color_check: 'color',
  projects_dates_ordered: 'end_date',
  projects_budget_hours_check: 'budget_hours',
  allocations_dates_ordered: 'end_date',
  allocations_span_limited: 'end_date',
  allocations_hours_per_day_check: 'hours_per_day',
  allocations_role_check: 'role',
  allocations_note_check: 'note',
  time_off_dates_ordered: 'end_date',
  time_off_span_limited: 'end_date',
  time_off_no_overlap: 'start_date',
  time_off_hours_per_day: 'hours',
  time_off_entries_note_check: 'note',
  announcements_title_check: 'title',
  announcements_body_check: 'body',
  announcements_expire_after_publishing: 'expiry_date',
  invitations_one_pending_per_address: 'email',
  invitations_email_check: 'email',
  organization_name_check: 'name',
  organization_default_weekly_hours_check: 'default_weekly_hours',
  organization_work_days_check: 'work_days',
  organization_allowed_email_domains_plain: 'allowed_email_domains',
  profiles_weekly_capacity_hours_check: 'weekly_capacity_hours',
};

const FALLBACK = 'Something went wrong. Try again.';

/** The form field a refusal is about (by the constraint it broke), or undefined when it is about no one field. */
export function fieldOfDataError(failure: DataError | unknown): string | undefined {
  const error = typeof failure === 'object' ? (failure as DataError) : null;
  const constraint = error ? constraintOf(error) : undefined;
  return constraint ? CONSTRAINT_FIELDS[constraint] : undefined;
}

function constraintOf(error: NonNullable<DataError>): string | undefined {
  return /constraint "([^"]+)"/.exec(`${error.message ?? ''} ${error.details ?? ''}`)?.[1];
}

/**
 * One sentence for a failed request. `subject` names what was being changed ("projects", "allocations", "time off")
 * for permission errors.
 */
export function describeDataError(failure: DataError | unknown, subject = 'this'): string {
  const error = typeof failure === 'object' ? (failure as DataError) : null;
  if (!error) return FALLBACK;
  const constraint = constraintOf(error);
  if (constraint && CONSTRAINT_MESSAGES[constraint]) return CONSTRAINT_MESSAGES[constraint];
  switch (error.code) {
    case '42501':
      return `You do not have permission to change ${subject}.`;
    case '23505':
      return 'Something with the same values already exists.';
    case '23503':
      return 'The person or project it refers to no longer exists. Reload the page and try again.';
    case '22007':
    case '22008':
      return 'One of the dates is not a valid date.';
    case '23514':
    case '22P02':
      return 'Some of the values are not valid. Check the form and try again.';
    case 'PGRST116':
      return 'It no longer exists. Reload the page to see the current state.';
    case 'P0001':
      // Raised by the product's own SQL with a sentence written for people.
      return error.message || FALLBACK;
  }
  // supabase-js reports a network failure with an empty code and the fetch error's text.
  if (!error.code && /fetch|network/i.test(error.message ?? '')) {
    return 'The server could not be reached. Check your connection and try again.';
  }
  // Anything else may carry internals (SQL, names of the schema): never shown.
  return FALLBACK;
}

/** True when a data API error says the table does not exist (yet), rather than a real failure. */
export function isMissingTableError(error: { code?: string; message?: string } | null): boolean {
  if (!error) return false;
  // PGRST205: not in the schema cache; 42P01: undefined_table from Postgres itself.
  return error.code === 'PGRST205' || error.code === '42P01';
}
