// Route validation: URL parameters that cannot name anything make the path unknown (404), before any other check.
import type { Params } from 'react-router';
import { isValidProjectId } from './project-id';

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
