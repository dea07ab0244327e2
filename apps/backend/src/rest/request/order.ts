// The `order` parameter: `col.desc.nullslast,other`, JSON paths, and `relation(col)` for embedded to-one resources.
import { Cursor, field, fieldName, parseAll } from './cursor.ts';
import type { OrderTerm } from './types.ts';

function termEnd(cursor: Cursor, expecting: string): void {
  if (!cursor.atEnd && cursor.peek() !== ',') cursor.fail(expecting);
}

function modifiers(cursor: Cursor, term: OrderTerm): OrderTerm {
  const start = cursor.position;
  if (cursor.eat('.asc')) term.direction = 'asc';
  else if (cursor.eat('.desc')) term.direction = 'desc';
  else cursor.position = start;
  const afterDirection = cursor.position;
  if (cursor.eat('.nullsfirst')) term.nulls = 'first';
  else if (cursor.eat('.nullslast')) term.nulls = 'last';
  if (term.nulls) {
    termEnd(cursor, '"," or end of input');
    return term;
  }
  if (cursor.peek() === '.') {
    cursor.position++;
    cursor.fail(term.direction ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"');
  }
  cursor.position = afterDirection;
  termEnd(cursor, 'delimiter (.), "," or end of input');
  return term;
}

function orderTerm(cursor: Cursor): OrderTerm {
  const related = cursor.attempt(() => {
    cursor.skipSpaces();
    const relation = fieldName(cursor);
    cursor.expect('(');
    const target = field(cursor);
    cursor.expect(')');
    return { relation, field: target };
  });
  const term = modifiers(cursor, related ?? { field: field(cursor) });
  cursor.skipSpaces();
  return term;
}

export function parseOrder(value: string): OrderTerm[] {
  return parseAll('order', value, (cursor) => {
    const terms = [orderTerm(cursor)];
    while (cursor.eat(',')) terms.push(orderTerm(cursor));
    return terms;
  });
}
