// postgres_changes filters as Realtime accepts them: `column=op.value` with eq, neq, lt, lte, gt, gte and
// in.(a,b,c), optionally negated with `not.`; compared with the row's JSON values (numbers as numbers).

export type Operator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  operator: Operator;
  negated: boolean;
  values: string[];
}

const FILTER = /^([^=]+)=(not\.)?(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s;

export class FilterError extends Error {}

function unquote(value: string): string {
  const trimmed = value.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed;
}

export function parseFilter(text: string): Filter {
  const match = FILTER.exec(text);
  if (!match) throw new FilterError(`Error parsing \`filter\` params: ${text}`);
  const [, column, not, operator, rest] = match as unknown as [string, string, string | undefined, Operator, string];
  let values = [rest];
  if (operator === 'in') {
    if (!rest.startsWith('(') || !rest.endsWith(')')) throw new FilterError(`Error parsing \`filter\` params: ${text}`);
    values = rest.slice(1, -1).split(',').map(unquote);
  }
  return { column, operator, negated: not !== undefined, values };
}

/** Negative, zero or positive as `value` sorts before, with or after `literal`; undefined when not comparable. */
function compare(value: unknown, literal: string): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') {
    const number = Number(literal);
    return Number.isNaN(number) || literal.trim() === '' ? undefined : value - number;
  }
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text < literal ? -1 : text > literal ? 1 : 0;
}

function test(filter: Filter, value: unknown): boolean {
  if (filter.operator === 'in') return filter.values.some((literal) => compare(value, literal) === 0);
  const order = compare(value, filter.values[0]!);
  if (order === undefined) return false;
  switch (filter.operator) {
    case 'eq':
      return order === 0;
    case 'neq':
      return order !== 0;
    case 'lt':
      return order < 0;
    case 'lte':
      return order <= 0;
    case 'gt':
      return order > 0;
    case 'gte':
      return order >= 0;
  }
}

export function matches(filter: Filter, row: Record<string, unknown> | null | undefined): boolean {
  if (!row) return false;
  const value = row[filter.column];
  if (value === null || value === undefined) return false;
  return test(filter, value) !== filter.negated;
}
