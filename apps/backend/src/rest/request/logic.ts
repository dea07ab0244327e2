// Logic trees: `or=(a.eq.1,and(b.gt.2,c.is.null))`, `not.and=(...)` and `child.or=(...)` for embedded resources.
import { Cursor, field, fieldName, parseAll, quotedValue } from './cursor.ts';
import { opExpr, type ValueParser } from './filter.ts';
import type { EmbedPath, LogicTree } from './types.ts';

/** A value inside `or=(...)`: quoted, a `{...}` array literal, or everything up to `,` or `)`. */
const logicValue: ValueParser = (cursor) => {
  const quoted = cursor.attempt(() => {
    const value = quotedValue(cursor);
    if (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.fail('"," or ")"');
    return value;
  });
  if (quoted !== undefined) return quoted;
  if (cursor.peek() === '{') {
    const close = cursor.input.indexOf('}', cursor.position);
    const inner = cursor.input.slice(cursor.position + 1, close);
    if (close > 0 && !inner.includes('{')) {
      cursor.position = close + 1;
      return `{${inner}}`;
    }
  }
  const start = cursor.position;
  while (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.position++;
  return cursor.input.slice(start, cursor.position);
};

function logicTree(cursor: Cursor): LogicTree {
  const start = cursor.position;
  const statement = cursor.attempt((): LogicTree => {
    const target = field(cursor);
    cursor.expect('.', 'delimiter (.)');
    return { kind: 'filter', filter: { field: target, expr: opExpr(cursor, logicValue) } };
  });
  if (statement) return statement;
  const negated = cursor.eat('not.');
  // Nothing fits here: Parsec names every alternative that failed at this one position.
  if (!negated && cursor.position === start && !cursor.lookingAt('and') && !cursor.lookingAt('or')) {
    cursor.fail('field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)');
  }
  const operator = cursor.eat('and') ? 'and' : cursor.eat('or') ? 'or' : cursor.fail('logic operator (and, or)');
  cursor.skipSpaces();
  cursor.expect('(');
  cursor.skipSpaces();
  const children = [logicTree(cursor)];
  while (cursor.eat(',')) {
    cursor.skipSpaces();
    children.push(logicTree(cursor));
  }
  cursor.skipSpaces();
  cursor.expect(')', '")" or ","');
  cursor.skipSpaces();
  return { kind: 'expr', negated, operator, children };
}

/** `or=(...)`, `not.and=(...)`, `child.or=(...)`: the key names the operator and where it applies. */
export function parseLogic(key: string, value: string): { path: EmbedPath; tree: LogicTree } {
  const names = parseAll('logic path', key, (cursor) => {
    const parts = [fieldName(cursor)];
    while (cursor.eat('.')) parts.push(fieldName(cursor));
    return parts;
  });
  const operator = names[names.length - 1];
  const negated = names.includes('not');
  const path = names.slice(0, -1).filter((name) => name !== 'not');
  // The operator is parsed as the tree's head (columns count from it), yet the message shows the value alone.
  const tree = parseAll('logic tree', `${negated ? 'not.' : ''}${operator}${value}`, logicTree, value);
  return { path, tree };
}
