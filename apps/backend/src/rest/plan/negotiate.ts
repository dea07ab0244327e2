// Content negotiation: the first acceptable media type of the Accept header decides the body's format;
// none acceptable is PGRST107 (406). Plans (EXPLAIN) are acceptable only where the database enables them.
import { mediaTypeError } from '../errors.ts';
import { mimeOf, parseAccept } from '../request/media.ts';
import type { MediaType } from '../request/types.ts';
import type { BodyFormat, ExplainOption } from './types.ts';

const EXPLAIN_OPTIONS = new Set<string>(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

function planFormat(type: Extract<MediaType, { kind: 'plan' }>): BodyFormat | undefined {
  if (!type.options.every((option) => EXPLAIN_OPTIONS.has(option))) return undefined;
  const [target] = parseAccept(type.for);
  const of = target ? formatFor(target, false) : undefined;
  if (!of || of.kind === 'plan') return undefined;
  return { kind: 'plan', format: type.format, of, options: type.options as ExplainOption[], mime: mimeOf(type) };
}

function formatFor(type: MediaType, planEnabled: boolean): BodyFormat | undefined {
  switch (type.kind) {
    case 'json':
    case 'any':
      return { kind: 'json' };
    case 'object':
      return { kind: 'object', stripNulls: type.stripNulls };
    case 'array-stripped':
      return { kind: 'array-stripped' };
    case 'csv':
      return { kind: 'csv' };
    case 'plan':
      return planEnabled ? planFormat(type) : undefined;
    case 'other':
      return undefined;
  }
}

/** The chosen format and the media type that names it in Content-Type (`*\/*` answers JSON). */
export function negotiate(accepts: MediaType[], planEnabled = false): { format: BodyFormat; media: MediaType } {
  for (const type of accepts) {
    const format = formatFor(type, planEnabled);
    if (format) return { format, media: type.kind === 'any' ? { kind: 'json' } : type };
  }
  throw mediaTypeError(accepts.map(mimeOf));
}
