// Row ranges: `limit`/`offset` parameters (per embed path) and the `Range` header, combined as PostgREST does;
// a negative limit or an inverted Range is PGRST103.
import { invalidRange } from '../errors.ts';
import type { Range } from './types.ts';

/** Haskell's `readMaybe` on an integer: optional spaces and sign, digits; anything else is ignored. */
function readInteger(value: string): number | undefined {
  if (!/^\s*-?\d+\s*$/.test(value)) return undefined;
  const number = Number(value.trim());
  return Number.isSafeInteger(number) ? number : undefined;
}

/** limit and offset parameters by embed path ('' for the top level); a limit may still be negative here. */
export function rangesFromParams(limits: [string, string][], offsets: [string, string][]): Map<string, Range> {
  const ranges = new Map<string, Range>();
  for (const [path, value] of limits) {
    const limit = readInteger(value);
    ranges.set(path, limit === undefined ? { offset: 0 } : { offset: 0, limit });
  }
  for (const [path, value] of offsets) {
    const offset = Math.max(0, readInteger(value) ?? 0);
    ranges.set(path, { ...(ranges.get(path) ?? {}), offset });
  }
  return ranges;
}

interface Bounds {
  lower: number;
  /** Inclusive; Infinity when open-ended. */
  upper: number;
}

/** `Range: 0-9` (items); anything that does not match PostgREST's pattern is ignored, as it does. */
export function parseRangeHeader(value: string | undefined): Bounds | undefined {
  const match = /^([0-9]+)-([0-9]*)$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const lower = Number(match[1]);
  const upper = match[2] === '' ? Infinity : Number(match[2]);
  if (!Number.isSafeInteger(lower) || (upper !== Infinity && !Number.isSafeInteger(upper))) return undefined;
  return { lower, upper };
}

const toBounds = (range: Range): Bounds => ({
  lower: range.offset,
  upper: range.limit === undefined ? Infinity : range.offset + range.limit - 1,
});

/** The rows a read returns: the Range header (GET only) intersected with the top-level limit/offset. */
export function topLevelRange(header: Bounds | undefined, limitRange: Range | undefined): Range {
  if (header && header.lower > header.upper) throw invalidRange({ kind: 'lowerGreaterThanUpper' });
  if (limitRange?.limit !== undefined && limitRange.limit < 0) throw invalidRange({ kind: 'negativeLimit' });
  // limit=0 is the one empty range allowed: it asks for no rows at all.
  if (limitRange?.limit === 0) return { offset: limitRange.offset, limit: 0 };
  const a = header ?? { lower: 0, upper: Infinity };
  const b = limitRange ? toBounds(limitRange) : { lower: 0, upper: Infinity };
  const lower = Math.max(a.lower, b.lower);
  const upper = Math.min(a.upper, b.upper);
  if (upper < lower) throw invalidRange({ kind: 'lowerGreaterThanUpper' });
  return upper === Infinity ? { offset: lower } : { offset: lower, limit: upper - lower + 1 };
}

/** Caps a range at `maxRows` (the `[api] max_rows` setting). */
export function restrictRange(range: Range, maxRows: number | undefined): Range {
  if (maxRows === undefined) return range;
  return { offset: range.offset, limit: Math.min(range.limit ?? maxRows, maxRows) };
}
