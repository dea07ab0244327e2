// Several parameterized statements handed to PGlite as one protocol buffer ended by one Sync: Postgres runs them as
// one implicit transaction (all or nothing) in a single call into the engine, under PGlite's own locks. A trial
// (commit: false) wraps them in an explicit transaction that its last statement rolls back. The statements are kept
// prepared by name for the next batches that run them (see pglite-statements.ts).
import { protocol, type PGlite } from '@electric-sql/pglite';
import { isStale, type PreparedBatch, type PreparedStatements } from './pglite-statements.ts';
import { toParams } from './params.ts';
import { toDbError, trialStatements, type Field, type QueryResult, type Statement } from './types.ts';

type Parser = (value: string, typeId: number) => unknown;

interface BackendMessage {
  name: string;
  /** A command's completion tag. */
  text?: string;
  /** An error's SQLSTATE and message. */
  code?: string;
  message?: string;
  fields?: { name: string; dataTypeID: number }[] | (string | null)[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const buffer = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    buffer.set(part, offset);
    offset += part.length;
  }
  return buffer;
}

/** A statement's parameters as the protocol sends them: text, or null. */
const valuesOf = (statement: Statement) => (toParams(statement.params) ?? []) as (string | null)[];

function encode(statements: Statement[], prepared: PreparedStatements): { buffer: Uint8Array; batch: PreparedBatch } {
  const { serialize } = protocol;
  const batch = prepared.prepare(
    statements.map((statement) => ({ text: statement.text, values: valuesOf(statement) })),
  );
  const parts = [...batch.closes];
  for (const bind of batch.binds) parts.push(...bind, serialize.describe({ type: 'P' }), serialize.execute({}));
  parts.push(serialize.sync());
  return { buffer: concat(parts), batch };
}

/** The rows a statement affected or returned, from its completion tag ("INSERT 0 3", "UPDATE 2", "SELECT 5"). */
function countOf(message: BackendMessage, rows: number): number {
  const count = /(\d+)$/.exec(message.text ?? '');
  return count ? Number(count[1]) : rows;
}

/** Each statement's result from the engine's answer; the first error is thrown. */
function resultsOf(messages: BackendMessage[], parserFor: (oid: number) => Parser | undefined): QueryResult[] {
  const results: QueryResult[] = [];
  let fields: Field[] = [];
  let rows: Record<string, unknown>[] = [];
  for (const message of messages) {
    if (message.name === 'error') throw toDbError(message);
    if (message.name === 'rowDescription') {
      fields = (message.fields as Field[]).map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    } else if (message.name === 'dataRow') {
      const values = message.fields as (string | null)[];
      const row: Record<string, unknown> = {};
      fields.forEach((field, i) => {
        const value = values[i];
        const parse = parserFor(field.dataTypeID);
        row[field.name] = value === null ? null : parse ? parse(value, field.dataTypeID) : value;
      });
      rows.push(row);
    } else if (message.name === 'commandComplete' || message.name === 'emptyQuery') {
      results.push({ rows, fields, rowCount: countOf(message, rows.length) });
      fields = [];
      rows = [];
    }
  }
  return results;
}

/**
 * One statement in the transaction the caller holds open on PGlite, parsed, bound and run in one call into the
 * engine (PGlite's own query makes six). It is not kept prepared: a statement refused as stale would have aborted
 * the caller's transaction, with no way to run it again.
 */
export async function queryInTransaction(
  pg: PGlite,
  statement: Statement,
  parserFor: (oid: number) => Parser | undefined,
): Promise<QueryResult> {
  const { serialize } = protocol;
  const buffer = concat([
    serialize.parse({ text: statement.text }),
    serialize.bind({ values: valuesOf(statement) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const { messages } = (await pg.runExclusive(() =>
    pg.execProtocol(buffer, { throwOnError: false }),
  )) as unknown as Answer;
  return resultsOf(messages, parserFor)[0];
}

interface Answer {
  messages: BackendMessage[];
}

/** One call into the engine; the caller holds PGlite's locks. */
async function run(
  pg: PGlite,
  prepared: PreparedStatements,
  statements: Statement[],
  commit: boolean,
): Promise<Answer> {
  const { buffer, batch } = encode(statements, prepared);
  const answer = (await pg.execProtocol(buffer, { throwOnError: false })) as unknown as Answer;
  prepared.settle(batch, answer.messages.filter((message) => message.name === 'parseComplete').length);
  // A statement that failed inside the explicit transaction of a trial left it open and aborted.
  if (!commit && answer.messages.some((message) => message.name === 'error')) {
    await pg.execProtocol(protocol.serialize.query('rollback'), { throwOnError: false });
  }
  return answer;
}

/**
 * Runs the statements as one implicit transaction in one call, prepared (see pglite-statements.ts); parsers turn text
 * values into the shared types.
 */
export async function batchOnPglite(
  pg: PGlite,
  prepared: PreparedStatements,
  statements: Statement[],
  parserFor: (oid: number) => Parser | undefined,
  commit = true,
): Promise<QueryResult[]> {
  const all = commit ? statements : trialStatements(statements);
  const { messages } = await pg._runExclusiveTransaction(() =>
    pg.runExclusive(async () => {
      const answer = await run(pg, prepared, all, commit);
      const error = answer.messages.find((message) => message.name === 'error');
      if (!error || !isStale(error)) return answer;
      // The batch did nothing (all or nothing): it runs again with every statement parsed afresh.
      await pg.execProtocol(protocol.serialize.query('deallocate all'), { throwOnError: false });
      prepared.clear();
      return run(pg, prepared, all, commit);
    }),
  );
  const results = resultsOf(messages, parserFor);
  // A trial's own begin and rollback are not the caller's statements.
  return commit ? results : results.slice(1, -1);
}
