// The `select` parameter: columns, `alias:column`, casts, JSON paths, aggregates and embedded resources
// (`rel(cols)`, `alias:rel!hint!inner(cols)`, `...rel(cols)`), as a forest of select items.
import { ApiError } from '../errors.ts';
import { Cursor, fieldName, field, identifier, parseAll } from './cursor.ts';
import type { AggregateFunction, SelectField, SelectItem, SelectRelation } from './types.ts';

const AGGREGATES: AggregateFunction[] = ['count', 'sum', 'avg', 'max', 'min'];

function fieldEnd(cursor: Cursor): void {
  if (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') {
    cursor.fail('"->>", "->", "::", ".", ")", "," or end of input');
  }
}

/** `alias:` before a field or relation (a single colon; `::` is a cast). */
function alias(cursor: Cursor): string | undefined {
  return cursor.attempt(() => {
    const name = fieldName(cursor);
    if (!cursor.eat(':') || cursor.peek() === ':') cursor.fail('":"');
    return name;
  });
}

function aggregate(cursor: Cursor): AggregateFunction {
  for (const name of AGGREGATES) if (cursor.eat(`${name}()`)) return name;
  return cursor.fail('aggregate function (count, sum, avg, max, min)');
}

/**
 * What the rest of the current item can be, read ahead to the next `,`, `(`, `)` or `"`: without a `(` it is no
 * relation, without a `:` it has no alias. A quoted name ends the look-ahead (it may hold any of these).
 */
interface Lookahead {
  relation: boolean;
  alias: boolean;
}

const ANYTHING: Lookahead = { relation: true, alias: true };

function lookahead(cursor: Cursor): Lookahead {
  const { input } = cursor;
  let i = cursor.position;
  while (i < input.length && !',()"'.includes(input[i])) i++;
  if (input[i] === '"') return ANYTHING;
  return { relation: input[i] === '(', alias: input.slice(cursor.position, i).includes(':') };
}

function selectField(cursor: Cursor, ahead: Lookahead): SelectField {
  cursor.skipSpaces();
  if (cursor.eat('*')) {
    cursor.skipSpaces();
    fieldEnd(cursor);
    return { kind: 'field', field: { name: '*', jsonPath: [] } };
  }
  const name = ahead.alias ? alias(cursor) : undefined;
  cursor.skipSpaces();
  const item: SelectField = { kind: 'field', field: { name: '*', jsonPath: [] } };
  if (name !== undefined) item.alias = name;
  if (cursor.eat('count()')) {
    item.aggregate = 'count';
  } else {
    item.field = field(cursor);
    if (cursor.eat('::')) item.cast = identifier(cursor);
    if (cursor.eat('.')) item.aggregate = aggregate(cursor);
  }
  if (item.aggregate && cursor.eat('::')) item.aggregateCast = identifier(cursor);
  cursor.skipSpaces();
  fieldEnd(cursor);
  return item;
}

/** `!hint` and `!inner`/`!left`, in either order. */
function embedParams(cursor: Cursor, relation: SelectRelation): void {
  for (let i = 0; i < 2 && cursor.eat('!'); i++) {
    if (cursor.eat('inner')) relation.joinType = 'inner';
    else if (cursor.eat('left')) relation.joinType = 'left';
    else relation.hint = fieldName(cursor);
  }
}

function selectRelation(cursor: Cursor): SelectRelation {
  cursor.skipSpaces();
  const spread = cursor.eat('...');
  const name = spread ? undefined : alias(cursor);
  const relation: SelectRelation = { kind: 'relation', relation: fieldName(cursor), spread, children: [] };
  if (name !== undefined) relation.alias = name;
  embedParams(cursor, relation);
  if (cursor.peek() !== '(') cursor.fail('"("');
  return relation;
}

function selectItem(cursor: Cursor, lookingAhead: boolean): SelectItem {
  const ahead = lookingAhead ? lookahead(cursor) : ANYTHING;
  if (!ahead.relation) return selectField(cursor, ahead);
  const relation = cursor.attempt(() => {
    const parsed = selectRelation(cursor);
    cursor.expect('(');
    // `rel()` embeds without columns (to filter by it); `count()` is the aggregate, not a relation.
    parsed.children = cursor.peek() === ')' ? [] : forest(cursor, lookingAhead);
    if (parsed.children.length === 0 && parsed.relation === 'count' && !parsed.spread) cursor.fail('field');
    cursor.expect(')', '")" or ","');
    cursor.skipSpaces();
    return parsed;
  });
  return relation ?? selectField(cursor, ahead);
}

function forest(cursor: Cursor, lookingAhead: boolean): SelectItem[] {
  const items = [selectItem(cursor, lookingAhead)];
  while (cursor.eat(',')) items.push(selectItem(cursor, lookingAhead));
  return items;
}

export function parseSelect(value: string): SelectItem[] {
  // Skipping the alternatives the look-ahead rules out gives the same forest without a failed attempt per column.
  // Those attempts only matter to an error's position and wording (the furthest failure is reported, as Parsec
  // does), so a select that does not parse is parsed again trying every alternative.
  try {
    return parseAll('select parameter', value, (cursor) => forest(cursor, true));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return parseAll('select parameter', value, (cursor) => forest(cursor, false));
  }
}
