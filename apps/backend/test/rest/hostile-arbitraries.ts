// Generators of hostile data-service requests for the property-based test: real and made-up names, every
// operator and some that do not exist, values full of quotes, NULs, unicode, SQL fragments and huge numbers, deep
// embeds, broken JSON and CSV, odd Prefer/Range/Accept headers and forged or foreign JWTs.
import fc from 'fast-check';

export interface HostileRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates become U+FFFD instead of throwing). */
export const pct = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16)}`,
    )
    .join('');

const TABLES = ['rest_projects', 'rest_clients', 'rest_tasks', 'rest_secrets', 'rest_active_projects', 'rest_fuzz'];
const COLUMNS = ['id', 'name', 'status', 'client_id', 'budget', 'tags', 'meta', 'created_at', 'title', 'done'];
const OPERATORS = [
  ...['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct'],
  ...['cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'fts(english)'],
  ...['eq(any)', 'like(all)', 'not.eq', 'not.in', 'not.is', 'nope', 'eq(some)', 'fts(x;drop)', ''],
];
const SQL_FRAGMENTS = [
  "'; drop table rest_clients; --",
  '") or 1=1 --',
  '1; select pg_sleep(10)',
  '$1',
  '$$',
  '\\',
  '%',
  '*',
  'null',
  'NULL',
  '(select secret from rest_secrets)',
  "current_setting('request.jwt.claims')",
  'pg_catalog.pg_authid',
  '1e999999',
  '-9223372036854775809',
  '99999999999999999999999999999999',
  'NaN',
  'Infinity',
  '{unterminated',
  '(a,b',
  '"a""b"',
  '\u0000',
  'ünïcødé ✓ 𝔘',
  '\uD800',
];

const nastyString = (maxLength = 24) =>
  fc.oneof(
    fc.constantFrom(...SQL_FRAGMENTS),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ unit: 'grapheme', maxLength }),
    fc.stringMatching(/^[a-z_(),.:!*"'\\-]{0,30}$/),
  );

const name = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...COLUMNS) }, { weight: 1, arbitrary: nastyString(16) });
const number = fc.oneof(
  fc.integer(),
  fc.constantFrom('-1', '0', '1e30', '9007199254740993', '99999999999999999999', 'x'),
);

/** select=: columns with aliases, casts, JSON paths and aggregates; embeds (spread, inner, hinted) nested deep. */
const selectItem: fc.Arbitrary<string> = fc.letrec<{ item: string }>((tie) => ({
  item: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    name,
    fc.tuple(name, name).map(([alias, column]) => `${alias}:${column}`),
    fc.tuple(name, fc.constantFrom('text', 'int', 'json', 'x;drop', 'int[]')).map(([c, t]) => `${c}::${t}`),
    fc.tuple(name, nastyString(8)).map(([c, key]) => `${c}->${key}->>x`),
    fc.tuple(name, fc.constantFrom('count', 'sum', 'avg', 'max', 'min', 'drop')).map(([c, f]) => `${c}.${f}()`),
    fc
      .tuple(
        fc.constantFrom('', '...'),
        fc.oneof(fc.constantFrom(...TABLES), nastyString(10)),
        fc.constantFrom('', '!inner', '!left', '!rest_projects_client_id_fkey', '!nope'),
        fc.array(tie('item'), { maxLength: 3 }),
      )
      .map(([spread, table, hint, children]) => `${spread}${table}${hint}(${children.join(',')})`),
  ),
})).item;

const select = fc.oneof(
  fc.array(selectItem, { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
  fc.constantFrom(
    '*',
    '',
    'x('.repeat(60) + ')'.repeat(60),
    'rest_clients(rest_projects(rest_tasks(rest_projects(*))))',
  ),
);

const filterValue = fc.oneof(
  nastyString(),
  number.map(String),
  fc.array(nastyString(8), { maxLength: 4 }).map((items) => `(${items.join(',')})`),
  fc.array(nastyString(8), { maxLength: 4 }).map((items) => `{${items.join(',')}}`),
);

const filter = fc
  .tuple(
    fc.option(fc.constantFrom('rest_clients.', 'rest_tasks.', 'x.y.')),
    name,
    fc.constantFrom(...OPERATORS),
    filterValue,
  )
  .map(([path, column, operator, value]) => `${pct(`${path ?? ''}${column}`)}=${pct(`${operator}.${value}`)}`);

const logicTree: fc.Arbitrary<string> = fc.letrec<{ tree: string }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(name, fc.constantFrom(...OPERATORS), filterValue).map(([c, o, v]) => `${c}.${o}.${v}`),
    fc
      .tuple(fc.constantFrom('or', 'and', 'not.or', 'xor'), fc.array(tie('tree'), { maxLength: 3 }))
      .map(([op, children]) => `${op}(${children.join(',')})`),
  ),
})).tree;

const reserved = fc.oneof(
  select.map((value) => `select=${pct(value)}`),
  fc
    .tuple(name, fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.sideways'))
    .map(([c, d]) => `order=${pct(c + d)}`),
  number.map((n) => `limit=${pct(String(n))}`),
  number.map((n) => `offset=${pct(String(n))}`),
  fc.tuple(fc.constantFrom('or', 'and', 'rest_tasks.or'), logicTree).map(([op, tree]) => `${op}=${pct(`(${tree})`)}`),
  fc.array(name, { maxLength: 3 }).map((names) => `columns=${pct(names.join(','))}`),
  fc.array(name, { maxLength: 2 }).map((names) => `on_conflict=${pct(names.join(','))}`),
);

const query = fc
  .array(fc.oneof(filter, reserved), { maxLength: 6 })
  .map((params) => (params.length > 0 ? `?${params.join('&')}` : ''));

const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TABLES).map((table) => `/rest/v1/${table}`) },
  { weight: 1, arbitrary: fc.constantFrom('rest_add', 'rest_missing', 'pg_sleep').map((fn) => `/rest/v1/rpc/${fn}`) },
  { weight: 1, arbitrary: nastyString(20).map((text) => `/rest/v1/${pct(text)}`) },
  { weight: 1, arbitrary: fc.constantFrom('/rest/v1/', '/rest/v1/a/b/c', '/rest/v1/rpc/', '/rest/v1//x') },
);

/** Header values must be visible Latin-1 for fetch to send them at all. */
const headerText = fc
  .string({ unit: 'grapheme-ascii', maxLength: 40 })
  .map((text) => text.replace(/[^\x20-\x7e]/g, ''));

const PREFERENCES = [
  'return=representation',
  'return=minimal',
  'return=headers-only',
  'count=exact',
  'count=planned',
  'count=estimated',
  'resolution=merge-duplicates',
  'resolution=ignore-duplicates',
  'missing=default',
  'tx=rollback',
  'tx=commit',
  'handling=strict',
  'handling=lenient',
  'timezone=Mars/Olympus',
  'timezone=UTC',
  'max-affected=-5',
  'max-affected=99999999999999999999',
  'params=single-object',
  'return=snowman',
];

const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.array+json;nulls=stripped',
  'text/csv',
  'application/geo+json',
  'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose',
  'application/vnd.pgrst.plan; for="text/csv"',
  'text/html',
  '*/*;q=abc',
  ';;;,,,',
];

/** Identities a caller may claim: the anon key alone, a signed user token, or tokens that must all be refused. */
export type Identity =
  | { kind: 'anon' }
  | { kind: 'user'; sub: string }
  | { kind: 'role'; role: string }
  | { kind: 'expired' }
  | { kind: 'raw'; token: string };

const forged = fc.oneof(
  fc.constantFrom(
    'eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.',
    'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl',
    'a.b.c',
    '...',
    '',
    'not-a-jwt',
  ),
  headerText,
);

export const identity: fc.Arbitrary<Identity> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'anon' as const }) },
  { weight: 4, arbitrary: fc.uuid().map((sub) => ({ kind: 'user' as const, sub })) },
  fc
    .constantFrom('postgres', 'authenticator', 'service_role', 'nobody', 'pg_read_all_data', '', 'Anon', 'anon"; --')
    .map((role) => ({ kind: 'role' as const, role })),
  fc.constant({ kind: 'expired' as const }),
  forged.map((token) => ({ kind: 'raw' as const, token })),
);

const jsonBody = fc.oneof(
  fc
    .dictionary(name, fc.oneof(fc.jsonValue({ maxDepth: 2 }), nastyString(), number), { maxKeys: 4 })
    .map((o) => JSON.stringify(o)),
  fc
    .array(fc.dictionary(name, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }), { maxLength: 3 })
    .map((a) => JSON.stringify(a)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('{', '{"id": not json}', '[[[[[[]]]]]]', '\u0000', '', 'null', '{"a":1}{"b":2}', '[1,2,3]'),
  nastyString(40),
);

const csvBody = fc
  .array(fc.array(nastyString(8), { maxLength: 3 }), { maxLength: 4 })
  .map((rows) => rows.map((row) => row.join(',')).join('\n'));

const contentType = fc.constantFrom(
  'application/json',
  'text/csv',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/octet-stream',
  'application/xml',
  'multipart/form-data; boundary=x',
);

export interface GeneratedRequest {
  method: string;
  path: string;
  query: string;
  identity: Identity;
  headers: Record<string, string>;
  body?: string;
}

/** Mostly absent, so that most requests get past negotiation to the database. */
const sometimes = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });

export const hostileRequest: fc.Arbitrary<GeneratedRequest> = fc
  .record({
    method: fc.constantFrom(
      'GET',
      'GET',
      'GET',
      'HEAD',
      'POST',
      'POST',
      'PATCH',
      'PUT',
      'DELETE',
      'OPTIONS',
      'PROPFIND',
    ),
    path,
    query,
    identity,
    prefer: sometimes(fc.array(fc.oneof(fc.constantFrom(...PREFERENCES), headerText), { maxLength: 4 })),
    range: sometimes(fc.oneof(fc.constantFrom('0-9', '5-1', '99999999999999999999-', '-', '0-'), headerText)),
    accept: sometimes(fc.oneof(fc.constantFrom(...ACCEPTS), headerText)),
    profile: sometimes(fc.constantFrom('public', 'auth', 'pg_catalog', 'private', '')),
    contentType: sometimes(contentType),
    body: fc.oneof(jsonBody, csvBody),
  })
  .map((r) => {
    const headers: Record<string, string> = {};
    if (r.prefer !== null) headers.Prefer = r.prefer.join(', ');
    if (r.range !== null) headers.Range = r.range;
    if (r.accept !== null) headers.Accept = r.accept;
    if (r.profile !== null)
      headers[r.method === 'GET' || r.method === 'HEAD' ? 'Accept-Profile' : 'Content-Profile'] = r.profile;
    if (r.contentType !== null) headers['Content-Type'] = r.contentType;
    const withBody = r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT';
    return {
      method: r.method,
      path: r.path,
      query: r.query,
      identity: r.identity,
      headers,
      ...(withBody ? { body: r.body } : {}),
    };
  });
