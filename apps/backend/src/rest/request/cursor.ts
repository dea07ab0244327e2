// A tiny parsing cursor for PostgREST's query-string grammars, with failures reported the way PostgREST (Parsec)
// reports them: `"failed to parse filter (x)" (line 1, column N)` plus what was unexpected and what was expected.
import { queryParamError } from '../errors.ts';
import type { Field, JsonOperation } from './types.ts';

// Thrown to backtrack and always caught within the parser: not an Error, so failing an alternative costs no stack.
export class ParseFailure {
  constructor(
    readonly position: number,
    readonly details: string,
  ) {}
}

export class Cursor {
  position = 0;
  /** The failure that got furthest inside an `attempt`; Parsec reports the furthest error, so do we. */
  furthest: ParseFailure | undefined;
  constructor(readonly input: string) {}

  get atEnd(): boolean {
    return this.position >= this.input.length;
  }

  peek(length = 1): string {
    return this.input.slice(this.position, this.position + length);
  }

  lookingAt(text: string): boolean {
    return this.input.startsWith(text, this.position);
  }

  /** Consumes `text` when it comes next. */
  eat(text: string): boolean {
    if (!this.lookingAt(text)) return false;
    this.position += text.length;
    return true;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.position++;
  }

  /** What Parsec prints for the next character. */
  unexpected(): string {
    return this.atEnd ? 'unexpected end of input' : `unexpected ${JSON.stringify(this.peek())}`;
  }

  fail(expecting: string, details?: string): never {
    throw new ParseFailure(this.position, details ?? `${this.unexpected()} expecting ${expecting}`);
  }

  expect(text: string, expecting = JSON.stringify(text)): void {
    if (!this.eat(text)) this.fail(expecting);
  }

  /** Runs `attempt` and rewinds when it fails, like Parsec's `try`. */
  attempt<T>(parse: () => T): T | undefined {
    const start = this.position;
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ParseFailure)) throw error;
      if (!this.furthest || error.position > this.furthest.position) this.furthest = error;
      this.position = start;
      return undefined;
    }
  }
}

/** Parses all of `input`; a failure becomes PGRST100 with PostgREST's wording. */
export function parseAll<T>(source: string, input: string, parse: (cursor: Cursor) => T, shown = input): T {
  const cursor = new Cursor(input);
  try {
    const result = parse(cursor);
    if (!cursor.atEnd) cursor.fail('end of input');
    return result;
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    const reported = cursor.furthest && cursor.furthest.position > error.position ? cursor.furthest : error;
    throw queryParamError(
      `"failed to parse ${source} (${shown})" (line 1, column ${reported.position + 1})`,
      reported.details,
    );
  }
}

const IDENTIFIER_CHAR = /^[\p{L}\p{N}_ $]$/u;

/** Letters, digits, `_`, `$` or a space; ASCII, nearly every query's case, is decided without the Unicode classes. */
function isIdentifierChar(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code >= 128 || Number.isNaN(code)) return IDENTIFIER_CHAR.test(char);
  const letter = (code | 32) >= 97 && (code | 32) <= 122;
  return letter || (code >= 48 && code <= 57) || code === 95 || code === 36 || code === 32;
}

/** Letters, digits, `_`, `$` and spaces, trimmed: a bare identifier (also the grammar of casts). */
export function identifier(cursor: Cursor): string {
  const start = cursor.position;
  while (!cursor.atEnd && isIdentifierChar(cursor.peek())) cursor.position++;
  if (cursor.position === start) cursor.fail('letter or digit');
  return cursor.input.slice(start, cursor.position).trim();
}

/** `"..."` with backslash escapes. */
export function quotedValue(cursor: Cursor): string {
  cursor.expect('"');
  let value = '';
  while (!cursor.atEnd && cursor.peek() !== '"') {
    if (cursor.peek() === '\\') cursor.position++;
    if (cursor.atEnd) break;
    value += cursor.peek();
    cursor.position++;
  }
  cursor.expect('"');
  return value;
}

/** A column or relation name: quoted, or identifiers joined by dashes (a dash before `>` starts a JSON arrow). */
export function fieldName(cursor: Cursor): string {
  if (cursor.peek() === '"') return quotedValue(cursor);
  if (cursor.atEnd || !isIdentifierChar(cursor.peek())) cursor.fail('field name (* or [a..z0..9_$])');
  const parts = [identifier(cursor)];
  while (cursor.peek() === '-' && cursor.peek(2) !== '->') {
    cursor.position++;
    parts.push(identifier(cursor));
  }
  return parts.join('-');
}

const JSON_INDEX_ENDS = ['->', '::', '.', ','];
// A JSON key is any text but these (a dash joins pieces, as in `23-xy-45`); `"..."` quotes anything.
const JSON_KEY_RESERVED = '(-:.,>)';
const JSON_KEY_EXPECTED = 'any non reserved character different from: .,>()';

function jsonKeyPiece(cursor: Cursor): string {
  const start = cursor.position;
  while (!cursor.atEnd && !JSON_KEY_RESERVED.includes(cursor.peek())) cursor.position++;
  if (cursor.position === start) cursor.fail(JSON_KEY_EXPECTED);
  return cursor.input.slice(start, cursor.position);
}

function jsonKey(cursor: Cursor): string {
  if (cursor.peek() === '"') return quotedValue(cursor);
  const parts = [jsonKeyPiece(cursor)];
  while (cursor.peek() === '-' && cursor.peek(2) !== '->') {
    cursor.position++;
    parts.push(jsonKeyPiece(cursor));
  }
  return parts.join('-').trim();
}

function jsonOperand(cursor: Cursor): Pick<JsonOperation, 'operand' | 'index'> {
  // Neither an index nor a key can start here: Parsec names both alternatives.
  const next = cursor.peek();
  if (cursor.atEnd || (next !== '"' && JSON_KEY_RESERVED.includes(next) && next !== '-')) {
    cursor.fail(`"-", digit or ${JSON_KEY_EXPECTED}`);
  }
  const index = cursor.attempt(() => {
    const negative = cursor.eat('-');
    const match = /^\d+/.exec(cursor.input.slice(cursor.position));
    if (!match) cursor.fail('digit');
    cursor.position += match[0].length;
    if (!cursor.atEnd && !JSON_INDEX_ENDS.some((end) => cursor.lookingAt(end))) cursor.fail('"->", "::", "." or ","');
    return negative ? `-${match[0]}` : `+${match[0]}`;
  });
  if (index !== undefined) return { operand: index, index: true };
  return { operand: jsonKey(cursor), index: false };
}

export function jsonPath(cursor: Cursor): JsonOperation[] {
  const path: JsonOperation[] = [];
  for (;;) {
    const arrow = cursor.eat('->>') ? '->>' : cursor.eat('->') ? '->' : undefined;
    if (!arrow) return path;
    path.push({ arrow, ...jsonOperand(cursor) });
  }
}

/** A column with an optional JSON path, surrounded by optional spaces. */
export function field(cursor: Cursor): Field {
  cursor.skipSpaces();
  const name = fieldName(cursor);
  const path = jsonPath(cursor);
  cursor.skipSpaces();
  return { name, jsonPath: path };
}
