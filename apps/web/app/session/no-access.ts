// A signed-in person without a membership: the guard's answer (403 with whom to ask) and how the layout recognizes it.
import { isRouteErrorResponse } from 'react-router';

export const NOT_A_MEMBER = 'not-a-member';

export type AccessContact = { name: string | null; email: string | null };
export type NoAccessDetails = {
  reason: typeof NOT_A_MEMBER;
  organizationName: string | null;
  contacts: AccessContact[];
};

/** Whether a route error is the guard's answer to a non-member, carrying whom to ask. */
export function noAccessDetailsOf(error: unknown): NoAccessDetails | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const details = error.data as Partial<NoAccessDetails> | null;
  return details?.reason === NOT_A_MEMBER ? (details as NoAccessDetails) : null;
}
