// The schema cache: what the data service knows of the exposed schemas, read from the catalog at start and on
// `NOTIFY pgrst, 'reload schema'`. Requests plan against it and never read the catalog themselves.

export interface QualifiedName {
  schema: string;
  name: string;
}

export interface Column {
  name: string;
  /** The type as `format_type` prints it, schema-qualified outside pg_catalog (safe in a column definition list). */
  type: string;
  nullable: boolean;
  /** The default expression as Postgres prints it, used for `Prefer: missing=default`. */
  default: string | null;
  /** The type without modifiers (`character varying` for `character varying(20)`). */
  nominalType?: string;
  description?: string | null;
  maxLength?: number | null;
  /** The labels of an enum type, in order. */
  enum?: string[] | null;
}

export interface Table {
  schema: string;
  name: string;
  isView: boolean;
  description?: string | null;
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  columns: Column[];
  primaryKey: string[];
}

/** A foreign key seen from one side: `table(columns)` references `foreignTable(foreignColumns)`. */
export interface ForeignKey {
  constraint: string;
  table: QualifiedName;
  columns: string[];
  foreignTable: QualifiedName;
  foreignColumns: string[];
  /** The key's columns are the table's primary key or a unique key: each row has at most one match on both sides. */
  oneToOne?: boolean;
}

/**
 * A function of one table's (or view's) row that returns rows of a table: embedded under the function's name, to-one
 * when it returns a single row (or a set declared `rows 1`).
 */
export interface ComputedRelationship {
  function: QualifiedName;
  /** The relation whose row the function takes. */
  table: QualifiedName;
  /** The relation whose rows it returns. */
  foreignTable: QualifiedName;
  toOne: boolean;
}

export interface RoutineParam {
  name: string;
  type: string;
  required: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  params: RoutineParam[];
  /** What the function returns: a set or one value, of a table's row type, another composite, a scalar, or void. */
  returns: {
    set: boolean;
    kind: 'composite' | 'scalar' | 'void';
    /** The relation whose row type is returned, when it is one of the cached tables or views. */
    relation?: QualifiedName;
    type: string;
  };
  volatility: 'immutable' | 'stable' | 'volatile';
  description?: string | null;
}

export interface SchemaCache {
  /** The exposed schemas, in the configured order; the first is the default. */
  schemas: string[];
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  computedRelationships: ComputedRelationship[];
  routines: Map<string, Routine[]>;
  /** Time zone names the database knows, for `Prefer: timezone=`. */
  timezones: Set<string>;
  /** Roles a JWT may name (granted to the authenticator role), and every role the database has. */
  roles: { allowed: Set<string>; known: Set<string> };
  /** The database setting `pgrst.db_plan_enabled`: whether EXPLAIN plans may be asked for. */
  planEnabled: boolean;
  /** The database setting `pgrst.db_aggregates_enabled`: whether `select=` may use count(), sum() and the others. */
  aggregatesEnabled: boolean;
  /**
   * The database setting `pgrst.db_tx_end`: whether `Prefer: tx=` may choose how a request's transaction ends, and
   * whether it ends rolled back unless it asks to commit. PostgREST's default, `commit`, is neither.
   */
  transactionEnd: { allowOverride: boolean; rollbackAll: boolean };
  /** Comments on the exposed schemas, by name. */
  descriptions: Record<string, string | null>;
  enums: { schema: string; name: string; values: string[] }[];
}

export const tableKey = (schema: string, name: string) => `${schema}\u0000${name}`;

export function findTable(cache: SchemaCache, schema: string, name: string): Table | undefined {
  return cache.tables.get(tableKey(schema, name));
}

export function findRoutines(cache: SchemaCache, schema: string, name: string): Routine[] {
  return cache.routines.get(tableKey(schema, name)) ?? [];
}

export function emptySchemaCache(schemas: string[]): SchemaCache {
  return {
    schemas,
    tables: new Map(),
    foreignKeys: [],
    computedRelationships: [],
    routines: new Map(),
    timezones: new Set(),
    roles: { allowed: new Set(), known: new Set() },
    planEnabled: false,
    aggregatesEnabled: false,
    transactionEnd: { allowOverride: false, rollbackAll: false },
    descriptions: {},
    enums: [],
  };
}
