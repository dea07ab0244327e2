export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Lets createClient<Database>() pick the PostgREST version's features without a second type argument.
  __InternalSupabase: {
    PostgrestVersion: '14.0'
  }
  public: {
    Tables: {
      allocations: {
        Row: {
          created_at: string
          created_by: string | null
          end_date: string
          hours_per_day: number
          id: string
          note: string | null
          project_id: string
          role: string | null
          start_date: string
          tentative: boolean
          updated_at: string
          updated_by: string | null
          user_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          end_date: string
          hours_per_day: number
          id?: string
          note?: string | null
          project_id: string
          role?: string | null
          start_date: string
          tentative?: boolean
          updated_at?: string
          updated_by?: string | null
          user_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          end_date?: string
          hours_per_day?: number
          id?: string
          note?: string | null
          project_id?: string
          role?: string | null
          start_date?: string
          tentative?: boolean
          updated_at?: string
          updated_by?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: 'allocations_created_by_fkey'
            columns: ['created_by']
            isOneToOne: false
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
          {
            foreignKeyName: 'allocations_project_id_fkey'
            columns: ['project_id']
            isOneToOne: false
            referencedRelation: 'projects'
            referencedColumns: ['id']
          },
          {
            foreignKeyName: 'allocations_updated_by_fkey'
            columns: ['updated_by']
            isOneToOne: false
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
          {
            foreignKeyName: 'allocations_user_id_fkey'
            columns: ['user_id']
            isOneToOne: false
            referencedRelation: 'profiles'
            referencedColumns: ['id']
          },
        ]
      }
      announcements: {
        Row: {
          body: string
          created_at: string
          created_by: string | null
          expires_at: string | null
          id: string
          pinned: boolean
          publish_at: string | null
          title: string
          updated_at: string
        }
        Insert: {
          body?: string
          created_at?: string
          created_by?: string | null
          expires_at?: string | null
          id?: string
          pinned?: boolean
          publish_at?: string | null
          title: string
          updated_at?: string
        }
        Update: {
          body?: string
          created_at?: string
          created_by?: string | null
          expires_at?: string | null
          id?: string
          pinned?: boolean
          publish_at?: string | null
          title?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: 'announcements_created_by_fkey'
            columns: ['created_by']
            isOneToOne: false
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
        ]
      }
      audit_log: {
        Row: {
          action: string
          actor_email: string | null
          actor_id: string | null
          actor_role: string | null
          after: Json | null
          before: Json | null
          id: number
          occurred_at: string
          record_id: string
          table_name: string
        }
        Insert: {
          action: string
          actor_email?: string | null
          actor_id?: string | null
          actor_role?: string | null
          after?: Json | null
          before?: Json | null
          id?: never
          occurred_at?: string
          record_id: string
          table_name: string
        }
        Update: {
          action?: string
          actor_email?: string | null
          actor_id?: string | null
          actor_role?: string | null
          after?: Json | null
          before?: Json | null
          id?: never
          occurred_at?: string
          record_id?: string
          table_name?: string
        }
        Relationships: []
      }
      invitations: {
        Row: {
          accepted_at: string | null
          can_manage_announcements: boolean
          can_manage_projects: boolean
          can_manage_users: boolean
          created_at: string
          email: string
          id: string
          invited_by: string | null
          sent_at: string
          user_id: string | null
        }
        Insert: {
          accepted_at?: string | null
          can_manage_announcements?: boolean
          can_manage_projects?: boolean
          can_manage_users?: boolean
          created_at?: string
          email: string
          id?: string
          invited_by?: string | null
          sent_at?: string
          user_id?: string | null
        }
        Update: {
          accepted_at?: string | null
          can_manage_announcements?: boolean
          can_manage_projects?: boolean
          can_manage_users?: boolean
          created_at?: string
          email?: string
          id?: string
          invited_by?: string | null
          sent_at?: string
          user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: 'invitations_invited_by_fkey'
            columns: ['invited_by']
            isOneToOne: false
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
          {
            foreignKeyName: 'invitations_user_id_fkey'
            columns: ['user_id']
            isOneToOne: false
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
        ]
      }
      organization: {
        Row: {
          allowed_email_domains: string[]
          default_weekly_hours: number
          id: string
          logo_path: string | null
          name: string
          open_signup: boolean
          time_zone: string
          updated_at: string
          week_start: number
          work_days: number[]
        }
        Insert: {
          allowed_email_domains?: string[]
          default_weekly_hours?: number
          id?: string
          logo_path?: string | null
          name?: string
          open_signup?: boolean
          time_zone?: string
          updated_at?: string
          week_start?: number
          work_days?: number[]
        }
        Update: {
          allowed_email_domains?: string[]
          default_weekly_hours?: number
          id?: string
          logo_path?: string | null
          name?: string
          open_signup?: boolean
          time_zone?: string
          updated_at?: string
          week_start?: number
          work_days?: number[]
        }
        Relationships: []
      }
      organization_users: {
        Row: {
          can_manage_announcements: boolean
          can_manage_projects: boolean
          can_manage_users: boolean
          created_at: string
          invited_by: string | null
          user_id: string
        }
        Insert: {
          can_manage_announcements?: boolean
          can_manage_projects?: boolean
          can_manage_users?: boolean
          created_at?: string
          invited_by?: string | null
          user_id: string
        }
        Update: {
          can_manage_announcements?: boolean
          can_manage_projects?: boolean
          can_manage_users?: boolean
          created_at?: string
          invited_by?: string | null
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: 'organization_users_invited_by_fkey'
            columns: ['invited_by']
            isOneToOne: false
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
          {
            foreignKeyName: 'organization_users_profile_fkey'
            columns: ['user_id']
            isOneToOne: true
            referencedRelation: 'profiles'
            referencedColumns: ['id']
          },
          {
            foreignKeyName: 'organization_users_user_id_fkey'
            columns: ['user_id']
            isOneToOne: true
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
        ]
      }
      profiles: {
        Row: {
          avatar_path: string | null
          created_at: string
          email: string | null
          full_name: string
          id: string
          job_title: string | null
          time_zone: string | null
          updated_at: string
          weekly_capacity_hours: number | null
          work_days: number[] | null
        }
        Insert: {
          avatar_path?: string | null
          created_at?: string
          email?: string | null
          full_name?: string
          id: string
          job_title?: string | null
          time_zone?: string | null
          updated_at?: string
          weekly_capacity_hours?: number | null
          work_days?: number[] | null
        }
        Update: {
          avatar_path?: string | null
          created_at?: string
          email?: string | null
          full_name?: string
          id?: string
          job_title?: string | null
          time_zone?: string | null
          updated_at?: string
          weekly_capacity_hours?: number | null
          work_days?: number[] | null
        }
        Relationships: [
          {
            foreignKeyName: 'profiles_id_fkey'
            columns: ['id']
            isOneToOne: true
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
        ]
      }
      projects: {
        Row: {
          budget_hours: number | null
          client: string | null
          code: string | null
          color: string
          created_at: string
          created_by: string | null
          description: string | null
          end_date: string | null
          id: string
          name: string
          start_date: string | null
          status: string
          updated_at: string
        }
        Insert: {
          budget_hours?: number | null
          client?: string | null
          code?: string | null
          color?: string
          created_at?: string
          created_by?: string | null
          description?: string | null
          end_date?: string | null
          id?: string
          name: string
          start_date?: string | null
          status?: string
          updated_at?: string
        }
        Update: {
          budget_hours?: number | null
          client?: string | null
          code?: string | null
          color?: string
          created_at?: string
          created_by?: string | null
          description?: string | null
          end_date?: string | null
          id?: string
          name?: string
          start_date?: string | null
          status?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: 'projects_created_by_fkey'
            columns: ['created_by']
            isOneToOne: false
            referencedRelation: 'users'
            referencedColumns: ['id']
          },
        ]
      }
    }
    Views: {
      project_summaries: {
        Row: {
          allocation_count: number | null
          archived: boolean | null
          budget_hours: number | null
          client: string | null
          code: string | null
          color: string | null
          created_at: string | null
          created_by: string | null
          description: string | null
          end_date: string | null
          id: string | null
          name: string | null
          people_count: number | null
          planned_hours: number | null
          start_date: string | null
          status: string | null
          tentative_hours: number | null
          updated_at: string | null
        }
        Relationships: []
      }
      time_off: {
        Row: {
          created_at: string | null
          created_by: string | null
          end_date: string | null
          hours: number | null
          id: string | null
          kind: string | null
          note: string | null
          start_date: string | null
          user_id: string | null
        }
        Insert: {
          created_at?: string | null
          created_by?: string | null
          end_date?: string | null
          hours?: number | null
          id?: string | null
          kind?: string | null
          note?: string | null
          start_date?: string | null
          user_id?: string | null
        }
        Update: {
          created_at?: string | null
          created_by?: string | null
          end_date?: string | null
          hours?: number | null
          id?: string | null
          kind?: string | null
          note?: string | null
          start_date?: string | null
          user_id?: string | null
        }
        Relationships: []
      }
    }
    Functions: {
      access_contacts: {
        Args: never
        Returns: {
          organization_name: string
          full_name: string
          email: string
        }[]
      }
      allocation_warnings: {
        Args: {
          p_project_id: string
          p_user_id: string
          p_start_date: string
          p_end_date: string
          p_hours_per_day: number
          p_allocation_id?: string
        }
        Returns: Json
      }
      availability: {
        Args: {
          p_from: string
          p_to: string
          p_include_tentative?: boolean
        }
        Returns: {
          user_id: string
          full_name: string
          job_title: string
          capacity_hours: number
          allocated_hours: number
          free_hours: number
          time_off_days: number
          time_off_hours: number
        }[]
      }
      calendar_feed: {
        Args: {
          p_token: string
        }
        Returns: Json
      }
      calendar_feed_token: {
        Args: never
        Returns: string
      }
      clip_project_allocations: {
        Args: {
          p_project_id: string
        }
        Returns: number
      }
      organization_has_members: {
        Args: never
        Returns: boolean
      }
      organization_logo: {
        Args: never
        Returns: string
      }
      planner_data: {
        Args: {
          p_from: string
          p_to: string
          p_period?: string
          p_include_tentative?: boolean
        }
        Returns: Json
      }
      project_files: {
        Args: {
          p_project_id: string
        }
        Returns: {
          name: string
          path: string
          size: number
          mime_type: string
          uploaded_by: string
          uploader_name: string
          created_at: string
          updated_at: string
        }[]
      }
      reset_calendar_feed_token: {
        Args: never
        Returns: string
      }
      setup_progress: {
        Args: never
        Returns: Json
      }
      time_off_overlaps: {
        Args: {
          p_user_id: string
          p_start_date: string
          p_end_date: string
        }
        Returns: {
          allocation_id: string
          project_id: string
          project_name: string
          project_color: string
          start_date: string
          end_date: string
          hours_per_day: number
          tentative: boolean
          overlap_start: string
          overlap_end: string
          work_days: number
          hours: number
        }[]
      }
      utilization: {
        Args: {
          p_from: string
          p_to: string
          p_period?: string
          p_include_tentative?: boolean
          p_user_ids?: string[]
        }
        Returns: {
          user_id: string
          period_start: string
          period_end: string
          capacity_hours: number
          allocated_hours: number
          tentative_hours: number
          time_off_days: number
          time_off_hours: number
          utilization: number
          over_allocated: boolean
        }[]
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type SchemaName = Exclude<keyof Database, '__InternalSupabase'>

type DefaultSchema = Database['public']

/** A schema given by name, or the default schema's when the first argument is a relation name. */
type SchemaOf<Named> = Named extends { schema: SchemaName } ? Database[Named['schema']] : DefaultSchema

type Relations<Schema> = Schema extends { Tables: infer T; Views: infer V } ? T & V : never

export type Tables<
  NameOrSchema extends keyof Relations<DefaultSchema> | { schema: SchemaName },
  Name extends (NameOrSchema extends { schema: SchemaName } ? keyof Relations<SchemaOf<NameOrSchema>> : never) = never,
> = NameOrSchema extends { schema: SchemaName }
  ? Relations<SchemaOf<NameOrSchema>>[Name] extends { Row: infer R }
    ? R
    : never
  : NameOrSchema extends keyof Relations<DefaultSchema>
    ? Relations<DefaultSchema>[NameOrSchema] extends { Row: infer R }
      ? R
      : never
    : never

type WriteOf<Kind extends 'Insert' | 'Update', NameOrSchema, Name> = NameOrSchema extends { schema: SchemaName }
  ? Name extends keyof SchemaOf<NameOrSchema>['Tables']
    ? SchemaOf<NameOrSchema>['Tables'][Name] extends { [K in Kind]: infer W }
      ? W
      : never
    : never
  : NameOrSchema extends keyof DefaultSchema['Tables']
    ? DefaultSchema['Tables'][NameOrSchema] extends { [K in Kind]: infer W }
      ? W
      : never
    : never

export type TablesInsert<
  NameOrSchema extends keyof DefaultSchema['Tables'] | { schema: SchemaName },
  Name extends (NameOrSchema extends { schema: SchemaName } ? keyof SchemaOf<NameOrSchema>['Tables'] : never) = never,
> = WriteOf<'Insert', NameOrSchema, Name>

export type TablesUpdate<
  NameOrSchema extends keyof DefaultSchema['Tables'] | { schema: SchemaName },
  Name extends (NameOrSchema extends { schema: SchemaName } ? keyof SchemaOf<NameOrSchema>['Tables'] : never) = never,
> = WriteOf<'Update', NameOrSchema, Name>

export type Enums<
  NameOrSchema extends keyof DefaultSchema['Enums'] | { schema: SchemaName },
  Name extends (NameOrSchema extends { schema: SchemaName } ? keyof SchemaOf<NameOrSchema>['Enums'] : never) = never,
> = NameOrSchema extends { schema: SchemaName }
  ? SchemaOf<NameOrSchema>['Enums'][Name]
  : NameOrSchema extends keyof DefaultSchema['Enums']
    ? DefaultSchema['Enums'][NameOrSchema]
    : never

export type CompositeTypes<
  NameOrSchema extends keyof DefaultSchema['CompositeTypes'] | { schema: SchemaName },
  Name extends (NameOrSchema extends { schema: SchemaName } ? keyof SchemaOf<NameOrSchema>['CompositeTypes'] : never) =
    never,
> = NameOrSchema extends { schema: SchemaName }
  ? SchemaOf<NameOrSchema>['CompositeTypes'][Name]
  : NameOrSchema extends keyof DefaultSchema['CompositeTypes']
    ? DefaultSchema['CompositeTypes'][NameOrSchema]
    : never

export const Constants = {
  public: {
    Enums: {},
  },
} as const
