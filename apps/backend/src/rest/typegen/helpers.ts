// The fixed parts of the generated file: the Json type, and the lookup helpers (Tables, TablesInsert,
// TablesUpdate, Enums, CompositeTypes) that take a table name of the default schema or `{ schema }` and a name.

export const JSON_TYPE = `export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]`;

export const HELPERS = `type SchemaName = Exclude<keyof Database, "__InternalSupabase">

type DefaultSchema = Database["public"]

/** A schema given by name, or the default schema's when the first argument is a relation name. */
type SchemaOf<Named> = Named extends { schema: SchemaName } ? Database[Named["schema"]] : DefaultSchema

type Relations<Schema> = Schema extends { Tables: infer T; Views: infer V } ? T & V : never

export type Tables<
  NameOrSchema extends keyof Relations<DefaultSchema> | { schema: SchemaName },
  Name extends NameOrSchema extends { schema: SchemaName }
    ? keyof Relations<SchemaOf<NameOrSchema>>
    : never = never,
> = NameOrSchema extends { schema: SchemaName }
  ? Relations<SchemaOf<NameOrSchema>>[Name] extends { Row: infer R } ? R : never
  : NameOrSchema extends keyof Relations<DefaultSchema>
    ? Relations<DefaultSchema>[NameOrSchema] extends { Row: infer R } ? R : never
    : never

type WriteOf<Kind extends "Insert" | "Update", NameOrSchema, Name> = NameOrSchema extends { schema: SchemaName }
  ? Name extends keyof SchemaOf<NameOrSchema>["Tables"]
    ? SchemaOf<NameOrSchema>["Tables"][Name] extends { [K in Kind]: infer W } ? W : never
    : never
  : NameOrSchema extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][NameOrSchema] extends { [K in Kind]: infer W } ? W : never
    : never

export type TablesInsert<
  NameOrSchema extends keyof DefaultSchema["Tables"] | { schema: SchemaName },
  Name extends NameOrSchema extends { schema: SchemaName } ? keyof SchemaOf<NameOrSchema>["Tables"] : never = never,
> = WriteOf<"Insert", NameOrSchema, Name>

export type TablesUpdate<
  NameOrSchema extends keyof DefaultSchema["Tables"] | { schema: SchemaName },
  Name extends NameOrSchema extends { schema: SchemaName } ? keyof SchemaOf<NameOrSchema>["Tables"] : never = never,
> = WriteOf<"Update", NameOrSchema, Name>

export type Enums<
  NameOrSchema extends keyof DefaultSchema["Enums"] | { schema: SchemaName },
  Name extends NameOrSchema extends { schema: SchemaName } ? keyof SchemaOf<NameOrSchema>["Enums"] : never = never,
> = NameOrSchema extends { schema: SchemaName }
  ? SchemaOf<NameOrSchema>["Enums"][Name]
  : NameOrSchema extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][NameOrSchema]
    : never

export type CompositeTypes<
  NameOrSchema extends keyof DefaultSchema["CompositeTypes"] | { schema: SchemaName },
  Name extends NameOrSchema extends { schema: SchemaName }
    ? keyof SchemaOf<NameOrSchema>["CompositeTypes"]
    : never = never,
> = NameOrSchema extends { schema: SchemaName }
  ? SchemaOf<NameOrSchema>["CompositeTypes"][Name]
  : NameOrSchema extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][NameOrSchema]
    : never`;
