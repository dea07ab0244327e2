// The `order` parameter: `col.desc.nullslast,other`, JSON paths, and `relation(col)` for embedded to-one resources.
import { ApiError } from '../errors.ts';
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

/** Whether a `(` comes before the term's end: only then can it name a relation. A quote ends the look-ahead. */
function mayBeRelated(cursor: Cursor): boolean {
  const { input } = cursor;
  let i = cursor.position;
  while (i < input.length && !',("'.includes(input[i])) i++;
  return i < input.length && input[i] !== ',';
}

function orderTerm(cursor: Cursor, lookingAhead: boolean): OrderTerm {
  const related =
    lookingAhead && !mayBeRelated(cursor)
      ? undefined
      : cursor.attempt(() => {
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

function terms(cursor: Cursor, lookingAhead: boolean): OrderTerm[] {
  const terms = [orderTerm(cursor, lookingAhead)];
  while (cursor.eat(',')) terms.push(orderTerm(cursor, lookingAhead));
  return terms;
}

export function parseOrder(value: string): OrderTerm[] {
  // The look-ahead skips a relation attempt bound to fail; the failure only shapes an error's wording and position
  // (the furthest is reported), so an order that does not parse is parsed again trying every alternative.
  try {
    return parseAll('order', value, (cursor) => terms(cursor, true));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return parseAll('order', value, (cursor) => terms(cursor, false));
  }
}
