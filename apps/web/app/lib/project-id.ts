// Route validation for /projects/:id: only an id shaped like a UUID names a project.
import { z } from 'zod';

// Any 8-4-4-4-12 hexadecimal id, as Postgres' uuid type accepts, whatever its version bits.
const projectIdSchema = z.guid();

export function isValidProjectId(id: unknown): id is string {
  return projectIdSchema.safeParse(id).success;
}

/** True when a PostgREST error says the projects table does not exist (yet), rather than a real failure. */
export function isMissingTableError(error: { code?: string; message?: string } | null): boolean {
  if (!error) return false;
  // PGRST205: not in the schema cache; 42P01: undefined_table from Postgres itself.
  return error.code === 'PGRST205' || error.code === '42P01';
}
