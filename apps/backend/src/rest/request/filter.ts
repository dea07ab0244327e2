// Filters: `col=op.value`, `not.`, `in.(...)` with PostgREST's quoting, `is.null`, full-text search with a
// language, and `any`/`all` modifiers.
import { Cursor, ParseFailure, fieldName, identifier, jsonPath, parseAll, quotedValue } from './cursor.ts';
import type { EmbedPath, Field, FtsOperator, IsValue, OpExpr, Operation, SimpleOperator } from './types.ts';

const SIMPLE_OPERATORS = new Set<string>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
]);
const QUANTIFIABLE = new Set<string>(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS_OPERATORS = new Set<string>(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES: IsValue[] = ['null', 'not_null', 'unknown', 'true', 'false'];

/** Whether a parameter's value is an operator expression, which makes the parameter a filter. */
export function looksLikeFilter(value: string): boolean {
  const [head, ...rest] = value.split('.');
  if (head === 'not') return rest.length > 0;
  if (head === 'is' || head === 'in' || head === 'isdistinct') return true;
  const operator = head.replace(/\((any|all)\)$/, '');
  if (SIMPLE_OPERATORS.has(operator)) return true;
  return FTS_OPERATORS.has(value.split('(')[0]) || FTS_OPERATORS.has(head);
}

/** The value of a list element: quoted (with escapes) or everything up to `,` or `)`. */
function listElement(cursor: Cursor): string {
  const quoted = cursor.attempt(() => {
    const value = quotedValue(cursor);
    if (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.fail('"," or ")"');
    return value;
  });
  if (quoted !== undefined) return quoted;
  const start = cursor.position;
  while (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.position++;
  return cursor.input.slice(start, cursor.position);
}

function list(cursor: Cursor): string[] {
  cursor.skipSpaces();
  cursor.expect('(');
  cursor.skipSpaces();
  const values = [listElement(cursor)];
  while (cursor.eat(',')) values.push(listElement(cursor));
  cursor.skipSpaces();
  cursor.expect(')', '")" or ","');
  cursor.skipSpaces();
  return values;
}

function isValue(cursor: Cursor): IsValue {
  for (const value of IS_VALUES) {
    if (cursor.input.slice(cursor.position, cursor.position + value.length).toLowerCase() === value) {
      cursor.position += value.length;
      return value;
    }
  }
  return cursor.fail('null or trilean value (unknown, true, false)');
}

export type ValueParser = (cursor: Cursor) => string;

/** The rest of the input: a single value in a top-level filter. */
export const restOfInput: ValueParser = (cursor) => {
  const value = cursor.input.slice(cursor.position);
  cursor.position = cursor.input.length;
  return value;
};

function operation(cursor: Cursor, value: ValueParser): Operation {
  if (cursor.eat('in.')) return { kind: 'in', values: list(cursor) };
  if (cursor.eat('is.')) return { kind: 'is', value: isValue(cursor) };
  if (cursor.eat('isdistinct.')) return { kind: 'isdistinct', value: value(cursor) };
  const start = cursor.position;
  const dot = cursor.input.indexOf('.', start);
  const paren = cursor.input.indexOf('(', start);
  const nameEnd = paren >= 0 && (dot < 0 || paren < dot) ? paren : dot;
  if (nameEnd < 0) {
    cursor.position = cursor.input.length;
    cursor.fail('delimiter (.)', `${cursor.unexpected()} expecting delimiter (.)`);
  }
  const name = cursor.input.slice(start, nameEnd);
  cursor.position = nameEnd;
  if (FTS_OPERATORS.has(name)) {
    const language = cursor.eat('(') ? identifier(cursor) : undefined;
    if (language !== undefined) cursor.expect(')');
    cursor.expect('.', 'delimiter (.)');
    return { kind: 'fts', operator: name as FtsOperator, value: value(cursor), ...(language ? { language } : {}) };
  }
  if (!SIMPLE_OPERATORS.has(name)) {
    throw new ParseFailure(
      dot < 0 ? nameEnd : dot + 1,
      `unknown single value operator ${cursor.input.slice(start, dot < 0 ? nameEnd : dot)}`,
    );
  }
  let quantifier: 'any' | 'all' | undefined;
  if (QUANTIFIABLE.has(name)) {
    if (cursor.eat('(any)')) quantifier = 'any';
    else if (cursor.eat('(all)')) quantifier = 'all';
  }
  cursor.expect('.', 'delimiter (.)');
  const operator = name as SimpleOperator;
  return { kind: 'simple', operator, value: value(cursor), ...(quantifier ? { quantifier } : {}) };
}

export function opExpr(cursor: Cursor, value: ValueParser = restOfInput): OpExpr {
  // Without `not.` ahead the attempt would fail where it starts, before any error that can follow: skip it.
  if (!cursor.lookingAt('not.')) return { negated: false, operation: operation(cursor, value) };
  const negated = cursor.attempt(() => {
    cursor.expect('not.');
    // `not.` followed by nothing an operator can start with is the operator `not` itself.
    if (cursor.atEnd) cursor.fail('operator (eq, gt, ...)');
    return true;
  });
  return { negated: negated ?? false, operation: operation(cursor, value) };
}

/** A filter parameter: its name (an embed path and a field) and its value (an operator expression). */
export function parseFilter(key: string, value: string): { path: EmbedPath; field: Field; expr: OpExpr } {
  const { path, field: target } = parseTreePath(key);
  const expr = parseAll('filter', value, (cursor) => opExpr(cursor));
  return { path, field: target, expr };
}

export function parseTreePath(key: string): { path: EmbedPath; field: Field } {
  return parseAll('tree path', key, (cursor) => {
    const names = [fieldName(cursor)];
    while (cursor.eat('.')) names.push(fieldName(cursor));
    const operations = jsonPath(cursor);
    const name = names.pop()!;
    return { path: names, field: { name, jsonPath: operations } };
  });
}
