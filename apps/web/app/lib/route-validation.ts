// Route validation: URL parameters that cannot name anything make the path unknown (404), before any other check.
import type { Params } from 'react-router';
import { z } from 'zod';

// Any 8-4-4-4-12 hexadecimal id, as Postgres' uuid type accepts, whatever its version bits.
const projectIdSchema = z.guid();

/** /projects/:id: only an id shaped like a UUID names a project. */
export function isValidProjectId(id: unknown): id is string {
  return projectIdSchema.safeParse(id).success;
}

/** One rule per parameter name used in the route table. */
const PARAMETER_RULES: Record<string, (value: string) => boolean> = {
  id: isValidProjectId,
};

export function hasValidParams(params: Params): boolean {
  return Object.entries(params).every(([name, value]) => {
    const rule = PARAMETER_RULES[name];
    return value === undefined || rule === undefined || rule(value);
  });
}
