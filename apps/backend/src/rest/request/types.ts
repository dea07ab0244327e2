// The request AST: what a client asked for, as parsed from the URL, headers and body, before any schema lookup.

export interface JsonOperation {
  arrow: '->' | '->>';
  /** A key, or an array index when `index` is set (`->0`, `->-1`). */
  operand: string;
  index: boolean;
}

/** A column, optionally followed by a JSON path (`data->a->>b`). */
export interface Field {
  name: string;
  jsonPath: JsonOperation[];
  /** Set by the planner: the column is neither json nor jsonb, so its JSON path applies to `to_jsonb(column)`. */
  toJson?: true;
}

export type AggregateFunction = 'count' | 'sum' | 'avg' | 'max' | 'min';

export interface SelectField {
  kind: 'field';
  /** `*` selects every column. */
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: AggregateFunction;
  aggregateCast?: string;
}

export interface SelectRelation {
  kind: 'relation';
  relation: string;
  alias?: string;
  /** `!fk_name` or `!column` to choose among several relationships. */
  hint?: string;
  joinType?: 'inner' | 'left';
  /** `...relation(cols)` spreads the embedded columns into the parent object. */
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = SelectField | SelectRelation;

export type SimpleOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj';

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'simple'; operator: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'isdistinct'; value: string }
  | { kind: 'fts'; operator: FtsOperator; language?: string; value: string };

export interface OpExpr {
  negated: boolean;
  operation: Operation;
}

export interface Filter {
  field: Field;
  expr: OpExpr;
}

export type LogicTree =
  | { kind: 'expr'; negated: boolean; operator: 'and' | 'or'; children: LogicTree[] }
  | { kind: 'filter'; filter: Filter };

export interface OrderTerm {
  /** `relation(col)` orders by a column of an embedded to-one resource. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Where a parameter applies: [] for the top-level resource, ['clients'] for `clients.name=eq.x`. */
export type EmbedPath = string[];

export interface Range {
  offset: number;
  /** Rows to return at most; undefined means all. */
  limit?: number;
}

export interface QueryParams {
  /** Parameters sorted by name, for the Content-Location header. */
  canonical: string;
  select: SelectItem[];
  filters: { path: EmbedPath; filter: Filter }[];
  logic: { path: EmbedPath; tree: LogicTree }[];
  order: { path: EmbedPath; terms: OrderTerm[] }[];
  /** limit/offset per embed path, keyed by the path joined with '.' ('' for the top level). */
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that are neither reserved nor filters: arguments of a function called by GET. */
  rpcParams: [string, string][];
}

export type Representation = 'full' | 'minimal' | 'headers-only';

export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  representation?: Representation;
  params?: 'single-object';
  count?: 'exact' | 'planned' | 'estimated';
  transaction?: 'commit' | 'rollback';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  invalid: string[];
}

export type MediaType =
  | { kind: 'json' }
  | { kind: 'any' }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'array-stripped' }
  | { kind: 'csv' }
  /** `application/vnd.pgrst.plan[+json|+text]`: the EXPLAIN output of the query that would answer `for`. */
  | { kind: 'plan'; format: 'json' | 'text'; for: string; options: string[] }
  | { kind: 'other'; mime: string };

export type Payload =
  /** A JSON object, or an array of objects sharing `keys`. */
  | {
      kind: 'json';
      raw: string;
      keys: string[];
      isObject: boolean;
      /** A urlencoded form's pairs, repeats included: a function's array parameter takes every value. */
      form?: [string, string][];
    }
  /** A body taken as is: JSON read through `columns=`, or the value of a function's one unnamed parameter. */
  | { kind: 'raw-json'; raw: string; isObject: boolean };

export type Action =
  | { kind: 'read'; headOnly: boolean }
  | { kind: 'create' }
  /** PUT: insert or replace the one row its primary key filters name. */
  | { kind: 'upsert' }
  | { kind: 'update' }
  | { kind: 'delete' }
  | { kind: 'call'; method: 'GET' | 'HEAD' | 'POST' };

export type Target = { kind: 'relation'; name: string } | { kind: 'routine'; name: string } | { kind: 'root' };

export interface ApiRequest {
  method: string;
  action: Action;
  target: Target;
  schema: string;
  /** Whether Accept-Profile or Content-Profile chose the schema, so the response names it. */
  negotiatedByProfile: boolean;
  query: QueryParams;
  /** The range asked for by the Range header and limit/offset together. */
  topLevelRange: Range;
  preferences: Preferences;
  accepts: MediaType[];
  payload?: Payload;
  /** The body's media type without parameters (`application/json` when unnamed), set with the payload. */
  bodyType?: string;
  /** Lower-cased request headers, for `request.headers`. */
  headers: Record<string, string>;
  path: string;
}
