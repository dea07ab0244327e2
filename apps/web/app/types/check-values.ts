// Values a text column may hold, as its check constraint in supabase/migrations allows them. The generated types
// only know these columns as text.
export const PROJECT_STATUSES = ['planned', 'active', 'on_hold', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const TIME_OFF_KINDS = ['vacation', 'sick', 'public_holiday', 'other'] as const;
export type TimeOffKind = (typeof TIME_OFF_KINDS)[number];
