// The Supabase client of this app, typed by the generated schema: every table, view and function call is checked.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { MergeDeep } from 'type-fest';
import type { ProjectStatus, TimeOffKind } from './check-values';
import type { Database as GeneratedDatabase } from './database';

/**
 * The generated schema plus what generation cannot know: PostgreSQL records no NOT NULL for a view's columns, so
 * every view column is generated as nullable, and check constraints do not narrow text columns.
 */
export type Database = MergeDeep<
  GeneratedDatabase,
  {
    public: {
      Tables: {
        projects: { Row: { status: ProjectStatus } };
      };
      Views: {
        project_summaries: {
          Row: {
            id: string;
            name: string;
            color: string;
            status: ProjectStatus;
            archived: boolean;
            people_count: number;
            allocation_count: number;
            planned_hours: number;
            tentative_hours: number;
          };
        };
        time_off: { Row: { id: string; user_id: string; start_date: string; end_date: string; kind: TimeOffKind } };
      };
    };
  }
>;

export type TypedSupabaseClient = SupabaseClient<Database>;
