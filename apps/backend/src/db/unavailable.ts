// Telling "the database is away" (restarting, crashed, unreachable) from an error of the statement itself: the
// first is answered 503 with a retryable error while the pool reconnects, the second as the database said.

/** The database could not be reached, or dropped the connection mid-statement; retrying later may succeed. */
export class DbUnavailableError extends Error {
  constructor(readonly reason: string) {
    super('The database is unavailable');
    this.name = 'DbUnavailableError';
  }
}

// SQLSTATE classes and codes of a server going away: connection exceptions (08), admin or crash shutdown (57P01,
// 57P02), starting up or shutting down (57P03), too many connections (53300).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
// Errors of the socket, and node-postgres's own words for a connection that ended or never came.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Client was closed and is not queryable',
];

export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DbUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.includes(words));
}

/** `error` as a DbUnavailableError when it is a connection failure, otherwise unchanged. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof DbUnavailableError || !isConnectionFailure(error)) return error;
  const { code, message } = error as { code?: string; message?: string };
  return new DbUnavailableError(code ?? message ?? 'connection failure');
}
