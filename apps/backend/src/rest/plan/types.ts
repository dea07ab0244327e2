// Plans: what the SQL stage builds, resolved against the schema cache (tables, columns, relationships, media).
import type { Column, QualifiedName, Routine } from '../schema/types.ts';
import type {
  AggregateFunction,
  Field,
  LogicTree,
  MediaType,
  OrderTerm,
  Payload,
  Range,
  Representation,
} from '../request/types.ts';

export interface PlannedField {
  field: Field;
  alias?: string;
  cast?: string;
  aggregate?: AggregateFunction;
  aggregateCast?: string;
}

/** A to-one or to-many resource embedded through a foreign key or a computed relationship, read by a lateral subquery. */
export interface EmbedPlan {
  read: ReadPlan;
  /** The key of the embedded value in each parent object. */
  name: string;
  /** The subquery's alias in SQL (`pgrst_1`, ...), unique within the statement. */
  aggregateAlias: string;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  /** A to-one spread: the aggregates taken out of its columns (and its own spreads'), for its parent to apply. */
  hoisted?: HoistedAggregate[];
  /** A to-one spread into a resource that aggregates: its columns one by one, aggregated or grouped by. */
  spreadColumns?: SpreadColumn[];
}

/** An aggregate of a to-one spread's column, computed in the resource it is spread into, as PostgREST hoists it. */
export interface HoistedAggregate {
  /** The column the spread's subquery outputs. */
  name: string;
  aggregate: AggregateFunction;
  aggregateCast?: string;
  alias?: string;
}

export interface SpreadColumn {
  name: string;
  aggregate?: AggregateFunction;
  aggregateCast?: string;
  alias?: string;
}

/** Columns that join a child to its parent: `parent.column = child.column` for each pair. */
export interface JoinCondition {
  parentColumn: string;
  childColumn: string;
}

export interface ReadPlan {
  /** The table or view read (relationships are looked up from it). */
  from: QualifiedName;
  /** Rows come from this CTE of the statement instead (the result of a mutation or a function call). */
  fromCte?: string;
  /** A computed relationship: rows come from this function, called with the parent's row as `argumentType`. */
  fromFunction?: { name: QualifiedName; argumentType: QualifiedName };
  /** Set on embedded resources, so self-references and repeated tables do not collide. */
  alias?: string;
  select: PlannedField[];
  where: LogicTree[];
  order: OrderTerm[];
  range: Range;
  embeds: EmbedPlan[];
  /** `embedded=is.null` / `embedded=not.is.null`: whether an embedded resource has a match. */
  embedFilters: { aggregateAlias: string; isNull: boolean }[];
  /** For an embedded resource: how it joins its parent (the parent's qualifier is given by the SQL stage). */
  join?: {
    conditions: JoinCondition[];
    /** A many-to-many relationship reads the junction table too: child.col = junction.col, junction.col = parent.col. */
    junction?: { table: QualifiedName; toChild: JoinCondition[]; toParent: JoinCondition[] };
  };
}

export interface Conflict {
  resolution: 'merge-duplicates' | 'ignore-duplicates';
  columns: string[];
}

export type MutatePlan =
  | {
      kind: 'insert';
      table: QualifiedName;
      columns: Column[];
      body: Payload;
      conflict?: Conflict;
      /** PUT: only the row whose primary key the URL names is written. */
      where?: LogicTree[];
      /** Columns to return; ['*'] for all; [] when nothing is returned. */
      returning: string[];
      applyDefaults: boolean;
    }
  | {
      kind: 'update';
      table: QualifiedName;
      columns: Column[];
      body: Payload;
      where: LogicTree[];
      returning: string[];
      applyDefaults: boolean;
    }
  | { kind: 'delete'; table: QualifiedName; where: LogicTree[]; returning: string[] };

/** How the response body is produced from the rows. */
export type BodyFormat =
  | { kind: 'json' }
  | { kind: 'object'; stripNulls: boolean }
  | { kind: 'array-stripped' }
  | { kind: 'csv' }
  | { kind: 'none' }
  /** EXPLAIN of the statement that would build `of`, in Postgres's JSON or text format. */
  | { kind: 'plan'; format: 'json' | 'text'; of: BodyFormat; options: ExplainOption[]; mime: string };

export type ExplainOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';

export interface ReadAction {
  kind: 'read';
  read: ReadPlan;
  /** Count the matching rows exactly (count=exact, and count=estimated up to `countCap`). */
  count: boolean;
  /** count=planned|estimated: the planner's estimate is read too. */
  plannedCount?: 'planned' | 'estimated';
  /** count=estimated with max_rows: the exact count stops past this many rows, beyond it the estimate is used. */
  countCap?: number;
  format: BodyFormat;
  media: MediaType;
  headOnly: boolean;
}

export interface MutateAction {
  kind: 'mutate';
  mutation: 'create' | 'upsert' | 'update' | 'delete';
  mutate: MutatePlan;
  /** Shapes the returned rows, reading from the mutation's result. */
  read: ReadPlan;
  format: BodyFormat;
  media: MediaType;
  representation: Representation;
  /** Primary key columns, for the Location header of an insert. */
  primaryKey: string[];
}

export interface CallAction {
  kind: 'call';
  routine: Routine;
  /** Arguments as one JSON object, or one raw value for a function taking a single unnamed parameter. */
  args: { kind: 'object'; json: string; names: string[] } | { kind: 'single'; value: string; type: string };
  read: ReadPlan;
  count: boolean;
  format: BodyFormat;
  media: MediaType;
  headOnly: boolean;
}

export type ActionPlan = ReadAction | MutateAction | CallAction;
