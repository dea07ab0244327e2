// The answers the functions platform gives instead of a function's own: status, body and `sb-error-code` header as
// Supabase's relay and edge runtime send them. A refusal before the function runs carries `x-relay-error: true`,
// which supabase-js reports as a FunctionsRelayError; a failure of the function itself is a FunctionsHttpError.

export interface PlatformError {
  status: number;
  /** The body's `code`: a number for the authorization check, as the relay words it, else the error code. */
  bodyCode: string | number;
  /** The `sb-error-code` header. */
  errorCode: string;
  message: string;
  /** Refused by the relay before the function ran. */
  relay: boolean;
}

const refusal = (status: number, errorCode: string, message: string, bodyCode: string | number = errorCode) => ({
  status,
  bodyCode,
  errorCode,
  message,
  relay: true,
});

const failure = (status: number, errorCode: string, message: string, bodyCode: string = errorCode) => ({
  status,
  bodyCode,
  errorCode,
  message,
  relay: false,
});

export const FUNCTION_ERRORS = {
  notFound: refusal(404, 'NOT_FOUND', 'Requested function was not found'),
  missingAuthorization: refusal(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header', 401),
  invalidJwtFormat: refusal(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT', 401),
  invalidLegacyJwt: refusal(401, 'UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT', 401),
  invalidAsymmetricJwt: refusal(401, 'UNAUTHORIZED_ASYMMETRIC_JWT', 'Invalid JWT', 401),
  unsupportedAlgorithm: refusal(401, 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', 'Invalid JWT', 401),
  bodyTooLarge: refusal(413, 'REQUEST_BODY_TOO_LARGE', 'Request body exceeds the size limit'),
  bootError: failure(503, 'BOOT_ERROR', 'Function failed to start (please check logs)'),
  workerError: failure(500, 'WORKER_ERROR', 'Function exited due to an error (please check logs)'),
  // Supabase renamed the header's code; the body keeps the name clients have matched on.
  workerLimit: failure(
    546,
    'WORKER_RESOURCE_LIMIT',
    'Function failed due to not having enough compute resources (please check logs)',
    'WORKER_LIMIT',
  ),
  idleTimeout: failure(504, 'IDLE_TIMEOUT', 'Function did not respond before the request idle timeout'),
} satisfies Record<string, PlatformError>;

export type FunctionErrorName = keyof typeof FUNCTION_ERRORS;

/** Status, headers (a record, so CORS headers can be added) and body of a platform error. */
export function renderError(error: PlatformError): { status: number; headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ code: error.bodyCode, message: error.message });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'sb-error-code': error.errorCode,
  };
  if (error.relay) headers['x-relay-error'] = 'true';
  return { status: error.status, headers, body };
}
