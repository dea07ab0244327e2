// The data service's error catalog: PostgREST's codes (PGRST1xx request, PGRST2xx schema cache, PGRST3xx JWT),
// with their HTTP statuses, messages, details and hints, as the wire shape `{code, message, details, hint}`.

export interface ErrorBody {
  code: string;
  message: string;
  details: string | unknown[] | null;
  hint: string | null;
}

/** An expected failure of a request: rendered as is, never logged as a server fault. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'ApiError';
  }
}

const make = (
  status: number,
  code: string,
  message: string,
  details: ErrorBody['details'] = null,
  hint: string | null = null,
) => new ApiError(status, { code, message, details, hint });

// PGRST1xx: the request itself.

/** A query parameter that does not parse; message and details in Parsec's words, as PostgREST prints them. */
export const queryParamError = (message: string, details: string) => make(400, 'PGRST100', message, details);

export const invalidRpcMethod = (method: string) => make(405, 'PGRST101', `Cannot use the ${method} method on RPC`);

export const invalidBody = (message: string, details: string | null = null) => make(400, 'PGRST102', message, details);

export type RangeProblem =
  { kind: 'negativeLimit' } | { kind: 'lowerGreaterThanUpper' } | { kind: 'outOfBounds'; lower: number; total: number };

export function rangeDetails(problem: RangeProblem): string {
  if (problem.kind === 'negativeLimit') return 'Limit should be greater than or equal to zero.';
  if (problem.kind === 'lowerGreaterThanUpper') {
    return 'The lower boundary must be lower than or equal to the upper boundary in the Range header.';
  }
  return `An offset of ${problem.lower} was requested, but there are only ${problem.total} rows.`;
}

/** An offset past the counted rows also says, in Content-Range, how many rows there are. */
export const invalidRange = (problem: RangeProblem) =>
  new ApiError(
    416,
    { code: 'PGRST103', message: 'Requested range not satisfiable', details: rangeDetails(problem), hint: null },
    problem.kind === 'outOfBounds' ? { 'Content-Range': `*/${problem.total}` } : {},
  );

export const invalidFilters = () =>
  make(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");

export const putLimitNotAllowed = () =>
  make(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');

export const putMatchingPkError = () =>
  make(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');

export const unacceptableSchema = (schema: string, exposed: string[]) =>
  make(
    406,
    'PGRST106',
    `Invalid schema: ${schema}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  );

export const mediaTypeError = (mimes: string[]) =>
  make(406, 'PGRST107', `None of these media types are available: ${mimes.join(', ')}`);

export const notEmbedded = (resource: string) =>
  make(
    400,
    'PGRST108',
    `'${resource}' is not an embedded resource in this request`,
    null,
    `Verify that '${resource}' is included in the 'select' query parameter.`,
  );

export const singularityError = (rows: number) =>
  make(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

export const gucHeadersError = () =>
  make(
    500,
    'PGRST111',
    'response.headers guc must be a JSON array composed of objects with a single key and a string value',
  );

export const gucStatusError = () => make(500, 'PGRST112', 'response.status guc must be a valid status code');

export const unsupportedMethod = (method: string) => make(405, 'PGRST117', `Unsupported HTTP method: ${method}`);

export const relatedOrderNotToOne = (origin: string, target: string) =>
  make(
    400,
    'PGRST118',
    `A related order on '${target}' is not possible`,
    `'${origin}' and '${target}' do not form a many-to-one or one-to-one relationship`,
  );

export const unacceptableFilter = (target: string) =>
  make(
    400,
    'PGRST120',
    `Bad operator on the '${target}' embedded resource`,
    'Only is null or not is null filters are allowed on embedded resources',
  );

/** A `RAISE SQLSTATE 'PGRST'` whose MESSAGE or DETAIL is not the JSON PostgREST reads there. */
export const raiseParseError = (details: string, hint: string) =>
  make(500, 'PGRST121', `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`, details, hint);

export const invalidPreferences = (prefs: string[]) =>
  make(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${prefs.join(', ')}`);

export const aggregatesNotAllowed = () => make(400, 'PGRST123', 'Use of aggregate functions is not allowed');

export const maxAffectedViolation = (rows: number) =>
  make(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${rows} rows`);

export const maxAffectedRpcViolation = () =>
  make(
    400,
    'PGRST128',
    'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
  );

export const invalidResourcePath = () => make(404, 'PGRST125', 'Invalid path specified in request URL');

export const notImplemented = (details: string) => make(400, 'PGRST127', 'Feature not implemented', details);

/**
 * Two embeddings of one resource under the same name: PostgreSQL's duplicate alias error, which PostgREST answers
 * because it names each embedding's join `parent_name_depth`.
 */
export const duplicateEmbedName = (joinName: string) =>
  make(400, '42712', `table name "${joinName}" specified more than once`);

// PGRST0xx: the connection to the database.

/** The database is away (restarting, unreachable): PostgREST's answer while it reconnects; the client may retry. */
export const databaseUnavailable = () =>
  new ApiError(
    503,
    { code: 'PGRST001', message: 'Database client error. Retrying the connection.', details: null, hint: null },
    { 'Retry-After': '1' },
  );

// PGRST2xx: the schema cache.

export const noSchemaCache = () =>
  make(503, 'PGRST002', 'Could not query the database for the schema cache. Retrying.');

export const noRelationship = (
  parent: string,
  child: string,
  schema: string,
  hint: string | null,
  embedHint?: string,
) =>
  make(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${child}${embedHint ? `' using the hint '${embedHint}` : ''}' in the schema '${schema}', but no matches were found.`,
    hint,
  );

export const ambiguousRelationship = (parent: string, child: string, details: unknown[], hint: string) =>
  make(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
    details,
    hint,
  );

export const noFunction = (message: string, details: string, hint: string | null) =>
  make(404, 'PGRST202', message, details, hint);

export const ambiguousFunction = (message: string) =>
  make(
    300,
    'PGRST203',
    message,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );

export const columnNotFound = (relation: string, column: string) =>
  make(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`);

export const tableNotFound = (schema: string, name: string, suggestion: string | null) =>
  make(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    suggestion === null ? null : `Perhaps you meant the table '${schema}.${suggestion}'`,
  );

// PGRST3xx: the JWT.

const invalidToken = (status: number, code: string, message: string) =>
  new ApiError(
    status,
    { code, message, details: null, hint: null },
    {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    },
  );

export const jwtDecodeError = (message: string) => invalidToken(401, 'PGRST301', message);

export const jwtClaimsError = (message: string) => invalidToken(401, 'PGRST303', message);

// PGRSTX00: the database answered in a way the service cannot read.

export const noResult = () => make(500, 'PGRSTX00', 'The database answered without a result');
