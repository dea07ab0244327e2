// Whether a changed row passes a subscription's filter (see filter-syntax.ts): every condition must hold. Compared
// with the row's JSON values (numbers as numbers, everything else as text), with SQL's NULL logic: a comparison with
// a NULL column is unknown, and an unknown condition (negated or not) lets nothing through.
import type { Condition } from './filter-syntax.ts';

/** Negative, zero or positive as `value` sorts before, with or after `literal`; undefined when not comparable. */
function compare(value: unknown, literal: string): number | undefined {
  if (typeof value === 'number') {
    const number = Number(literal);
    return Number.isNaN(number) || literal.trim() === '' ? undefined : value - number;
  }
  const text = asText(value);
  return text < literal ? -1 : text > literal ? 1 : 0;
}

function asText(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

type LikeToken = { kind: 'any' } | { kind: 'one' } | { kind: 'char'; char: string };

/** A LIKE pattern's parts: % any run, _ any one character, a backslash escapes the next. */
function likeTokens(pattern: string[]): LikeToken[] {
  const tokens: LikeToken[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) tokens.push({ kind: 'char', char: pattern[++i]! });
    else if (char === '%') tokens.push({ kind: 'any' });
    else if (char === '_') tokens.push({ kind: 'one' });
    else tokens.push({ kind: 'char', char });
  }
  return tokens;
}

const foldFor = (ignoreCase: boolean) => (value: string) => Array.from(ignoreCase ? value.toLowerCase() : value);

/** Each LIKE condition's pattern, read once: a subscription's filter is checked against every change. */
const likePatterns = new WeakMap<Condition, LikeToken[]>();

function likePatternOf(condition: Condition): LikeToken[] {
  let tokens = likePatterns.get(condition);
  if (!tokens) {
    tokens = likeTokens(foldFor(condition.operator === 'ilike')(condition.value));
    likePatterns.set(condition, tokens);
  }
  return tokens;
}

/**
 * Whether `text` is LIKE the condition's pattern. Matched by walking both once and going back only to the last `%`,
 * so that time grows with the text times the pattern at worst: a pattern a client writes can never make a match take
 * long, as a regular expression with many wildcards could.
 */
function likeMatches(text: string, condition: Condition): boolean {
  const chars = foldFor(condition.operator === 'ilike')(text);
  const tokens = likePatternOf(condition);
  let t = 0;
  let p = 0;
  let lastAny = -1;
  let resumeAt = 0;
  while (t < chars.length) {
    const token = tokens[p];
    if (token && (token.kind === 'one' || (token.kind === 'char' && token.char === chars[t]))) {
      t++;
      p++;
    } else if (token?.kind === 'any') {
      lastAny = p++;
      resumeAt = t;
    } else if (lastAny >= 0) {
      p = lastAny + 1;
      t = ++resumeAt;
    } else {
      return false;
    }
  }
  while (tokens[p]?.kind === 'any') p++;
  return p === tokens.length;
}

/** `is` with null, true, false or unknown (a NULL boolean). */
function isValue(value: unknown, literal: string): boolean | null {
  switch (literal.toLowerCase()) {
    case 'null':
    case 'unknown':
      return value === null;
    case 'true':
      return value === true;
    case 'false':
      return value === false;
    default:
      return null;
  }
}

/** The condition's truth: true, false or null (unknown). */
function truth(condition: Condition, value: unknown): boolean | null {
  if (condition.operator === 'is') return isValue(value, condition.value);
  if (condition.operator === 'isdistinct') {
    if (value === null) return condition.value.toLowerCase() !== 'null';
    return compare(value, condition.value) !== 0;
  }
  if (value === null) return null;
  if (condition.operator === 'in') {
    if (condition.values.some((literal) => literal !== null && compare(value, literal) === 0)) return true;
    return condition.values.includes(null) ? null : false;
  }
  if (condition.operator === 'like' || condition.operator === 'ilike') {
    return likeMatches(asText(value), condition);
  }
  const order = compare(value, condition.value);
  if (order === undefined) return null;
  switch (condition.operator) {
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

export function matches(conditions: Condition[], row: Record<string, unknown> | null | undefined): boolean {
  if (!row) return false;
  return conditions.every((condition) => {
    if (!(condition.column in row)) return false;
    const result = truth(condition, row[condition.column] ?? null);
    return result !== null && result !== condition.negated;
  });
}
