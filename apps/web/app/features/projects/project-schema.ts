// What a project is on screen and in forms: its row shape, statuses, and the rules a new or changed project obeys.
import { z } from 'zod';
import { optionalDate, optionalText } from '../../lib/form-fields';

import { PROJECT_STATUSES, type ProjectStatus } from '../../types/check-values';

export { PROJECT_STATUSES, type ProjectStatus };

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  planned: 'Planned',
  active: 'Active',
  on_hold: 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const STATUS_COLORS: Record<ProjectStatus, string> = {
  planned: 'blue',
  active: 'green',
  on_hold: 'yellow',
  completed: 'gray',
  cancelled: 'red',
};

/** A row of public.project_summaries: the project with its people and planned hours. */
export type ProjectSummary = {
  id: string;
  name: string;
  code: string | null;
  client: string | null;
  description: string | null;
  color: string;
  status: ProjectStatus;
  start_date: string | null;
  end_date: string | null;
  budget_hours: number | string | null;
  archived: boolean;
  people_count: number;
  allocation_count: number;
  planned_hours: number | string;
  tentative_hours: number | string;
};

export const PROJECT_SUMMARY_COLUMNS =
  'id,name,code,client,description,color,status,start_date,end_date,budget_hours,archived,people_count,allocation_count,planned_hours,tentative_hours';

/**
 * A project as the project list shows it: the summary without the description, which only the project's own page
 * reads (descriptions run to 10,000 characters, and the list's data travels inside its page).
 */
export type ProjectListItem = Omit<ProjectSummary, 'description'>;

export const PROJECT_LIST_COLUMNS =
  'id,name,code,client,color,status,start_date,end_date,budget_hours,archived,people_count,allocation_count,planned_hours,tentative_hours';

export const DEFAULT_PROJECT_COLOR = '#2f9e44';

export const projectInputSchema = z
  .object({
    name: z
      .string({ error: 'Enter a name.' })
      .trim()
      .min(1, 'Enter a name.')
      .max(120, 'The name may be at most 120 characters long.'),
    code: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
      z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/,
          'Up to 20 letters, digits, "-" or "_", starting with a letter or digit.',
        )
        .optional(),
    ),
    client: optionalText(120, 'The client'),
    description: optionalText(10000, 'The description'),
    color: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Pick a color, written as #RRGGBB.')
      .default(DEFAULT_PROJECT_COLOR),
    status: z.enum(PROJECT_STATUSES, { error: 'Choose a status.' }),
    start_date: optionalDate('start date'),
    end_date: optionalDate('end date'),
    budget_hours: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.replace(',', '.')) : undefined),
      z
        .number({ error: 'The budget must be a number of hours.' })
        .min(0, 'The budget must be zero hours or more.')
        .max(99_999_999, 'The budget is too large.')
        .optional(),
    ),
  })
  .refine((project) => !project.start_date || !project.end_date || project.end_date >= project.start_date, {
    path: ['end_date'],
    message: 'The end date must not be before the start date.',
  });

export type ProjectInput = z.infer<typeof projectInputSchema>;

/** The columns to write: fields left empty are cleared, not kept. */
export function toProjectRow(input: ProjectInput) {
  return {
    name: input.name,
    code: input.code ?? null,
    client: input.client ?? null,
    description: input.description ?? null,
    color: input.color,
    status: input.status,
    start_date: input.start_date ?? null,
    end_date: input.end_date ?? null,
    budget_hours: input.budget_hours ?? null,
  };
}
