// A request whose client went away (or was cut off for sending too slowly) while its body was read: nobody is left
// to answer, and it is not the server's fault, so it is not logged as one.
export function clientWentAway(error: unknown): boolean {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return message === 'aborted' || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** The answer to such a request, given for form's sake: nobody reads it. */
export const NOT_RECEIVED_IN_FULL = 'The request was not received in full';
