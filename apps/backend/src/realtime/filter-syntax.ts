// postgres_changes filters as Realtime reads them: conditions `column=op.value` joined by commas (all must hold),
// each operator optionally negated with `not.`, values in double quotes where they hold a comma or parenthesis (as
// realtime-js's filter builder writes them), and `in.(a,b)` lists. An empty filter is no filter. What Realtime would
// refuse throws FilterError with its wording, which the client is shown.
import { inspect } from './elixir-terms.ts';

export const OPERATORS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  // Not `match` and `imatch`: a regular expression a client writes, run on every change in this process, could hold
  // it for seconds (catastrophic backtracking). Such a filter is refused like any other it cannot read.
  'isdistinct',
] as const;

export type Operator = (typeof OPERATORS)[number];

export interface Condition {
  column: string;
  operator: Operator;
  negated: boolean;
  /** The value; for `in`, its list (a null element is SQL's NULL). */
  value: string;
  values: Array<string | null>;
}

export class FilterError extends Error {}

/** Splits at the first `separator` only, as Elixir's String.split(text, separator, parts: 2). */
function splitOnce(text: string, separator: string): string[] {
  const at = text.indexOf(separator);
  return at < 0 ? [text] : [text.slice(0, at), text.slice(at + separator.length)];
}

/** Splits at the commas outside parentheses and quotes (a quote opens only after `.`, `(` or `,`). */
function splitConditions(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  let previous = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '\\' && i + 1 < text.length) {
        current += char + text[++i];
        previous = text[i]!;
        continue;
      }
      if (char === '"') quoted = false;
      current += char;
      previous = char;
      continue;
    }
    if (char === '"' && (previous === '.' || previous === '(' || previous === ',')) quoted = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      parts.push(current);
      current = '';
      // A condition's first character never opens a quote.
      previous = '';
      continue;
    }
    current += char;
    previous = char;
  }
  parts.push(current);
  return parts;
}

/** A value in double quotes, with backslash escapes, read as its text; anything else stays as it is. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let text = '';
  for (let i = 1; i < value.length; i++) {
    const char = value[i]!;
    if (char === '"') return i === value.length - 1 ? text : value;
    if (char === '\\' && i + 1 < value.length) text += value[++i];
    else text += char;
  }
  return value;
}

/** The elements of an `in` list as PostgreSQL reads the array literal Realtime makes of it. */
function listElements(inner: string): Array<string | null> {
  const elements: Array<string | null> = [];
  let i = 0;
  while (i <= inner.length) {
    while (inner[i] === ' ') i += 1;
    if (inner[i] === '"') {
      let text = '';
      i += 1;
      while (i < inner.length && inner[i] !== '"') {
        if (inner[i] === '\\') i += 1;
        text += inner[i] ?? '';
        i += 1;
      }
      elements.push(text);
      i += 1;
      while (i < inner.length && inner[i] !== ',') i += 1;
    } else {
      const end = inner.indexOf(',', i);
      const raw = inner.slice(i, end < 0 ? inner.length : end).trim();
      elements.push(raw.toLowerCase() === 'null' ? null : raw);
      i = end < 0 ? inner.length : end;
    }
    i += 1;
  }
  return elements;
}

function parseCondition(segment: string): Condition {
  const trimmed = segment.trim();
  if (trimmed === '') throw new FilterError('filter must not contain empty segments (check for extra commas)');
  const sides = splitOnce(trimmed, '=');
  if (sides.length !== 2) throw new FilterError(inspect(sides));
  const [column, rest] = sides as [string, string];
  const negated = rest.startsWith('not.');
  const operation = splitOnce(negated ? rest.slice(4) : rest, '.');
  if (operation.length !== 2 || !(OPERATORS as readonly string[]).includes(operation[0]!)) {
    throw new FilterError(inspect(operation));
  }
  const [operator, value] = operation as [Operator, string];
  if (operator !== 'in') return { column, operator, negated, value: unquote(value), values: [] };
  if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')')) {
    throw new FilterError('`in` filter value must be wrapped by parentheses');
  }
  return { column, operator, negated, value, values: listElements(value.slice(1, -1)) };
}

/** Reads a filter; throws FilterError with Realtime's wording for one it would refuse. */
export function parseFilter(text: string): Condition[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    return splitConditions(trimmed).map(parseCondition);
  } catch (error) {
    if (error instanceof FilterError) throw new FilterError(`Error parsing \`filter\` params: ${error.message}`);
    throw error;
  }
}
