// The types generator: a catalog read from a real database -> the `Database` type in the CLI's shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/pglite.ts';
import type { Db } from '../../db/types.ts';
import { readCatalog } from './catalog.ts';
import { renderDatabase } from './render.ts';

let db: Db;
let source: string;
const squash = (text: string) => text.replace(/\s+/g, ' ');

beforeAll(async () => {
  db = await openPglite();
  await db.exec(`
    create type public.mood as enum ('happy', 'sad');
    create table public.teams (id int generated always as identity primary key, name text not null unique);
    create table public.people (
      id uuid primary key default gen_random_uuid(),
      team_id int references public.teams (id),
      badge int unique references public.teams (id),
      mood public.mood,
      tags text[] not null default '{}',
      data jsonb,
      big bigint not null,
      name_upper text generated always as (upper(big::text)) stored
    );
    create view public.happy_people as select id, team_id from public.people where mood = 'happy';
    create function public.people_of(team int, only_happy boolean default false) returns setof public.people
      language sql stable as 'select * from public.people where team_id = team';
    create function public.team_sizes() returns table (team text, size bigint) language sql stable
      as 'select t.name, count(*) from public.teams t group by 1';
    create function public.ping() returns void language sql as 'select';
  `);
  source = squash(renderDatabase(await readCatalog(db, ['public', 'missing_schema']), '14.0'));
});
afterAll(() => db.close());

describe('gen:types', () => {
  it.each([
    ['the PostgREST version', `__InternalSupabase: { PostgrestVersion: "14.0" }`],
    [
      'a row with nulls, arrays, enums, json and int8 as number',
      'Row: { badge: number | null big: number data: Json | null id: string mood: Database["public"]["Enums"]["mood"] | null name_upper: string | null tags: string[] team_id: number | null }',
    ],
    [
      'inserts: defaults and nullables optional, generated columns never',
      'Insert: { badge?: number | null big: number data?: Json | null id?: string mood?: Database["public"]["Enums"]["mood"] | null name_upper?: never tags?: string[] team_id?: number | null }',
    ],
    ['an identity always column', 'Insert: { id?: never name: string }'],
    ['updates: everything optional', 'Update: { id?: never name?: string }'],
    [
      'a one-to-one key',
      'foreignKeyName: "people_badge_fkey" columns: ["badge"] isOneToOne: true referencedRelation: "teams" referencedColumns: ["id"]',
    ],
    ['a many-to-one key', 'foreignKeyName: "people_team_id_fkey" columns: ["team_id"] isOneToOne: false'],
    ['a view whose columns may be null', 'happy_people: { Row: { id: string | null team_id: number | null }'],
    [
      'a function returning rows of a table',
      'people_of: { Args: { team: number only_happy?: boolean } Returns: { badge: number | null',
    ],
    ['a function returning a table', 'team_sizes: { Args: never Returns: { team: string size: number }[] }'],
    ['a void function', 'ping: { Args: never Returns: undefined }'],
    ['enums', 'Enums: { mood: "happy" | "sad" }'],
    ['no composite types', 'CompositeTypes: { [_ in never]: never }'],
    ['the enum constants', 'export const Constants = { public: { Enums: {mood: ["happy","sad"],}, }, } as const'],
    ['the helpers', 'export type Tables<'],
  ])('writes %s', (_name, expected) => {
    expect(source).toContain(squash(expected));
  });

  it('skips schemas that do not exist', () => {
    expect(source).not.toContain('missing_schema');
  });
});
