// Content negotiation: the first acceptable media type of the Accept header decides the body's format;
// none acceptable is PGRST107 (406).
import { mediaTypeError } from '../errors.ts';
import { mimeOf } from '../request/media.ts';
import type { MediaType } from '../request/types.ts';
import type { BodyFormat } from './types.ts';

function formatFor(type: MediaType): BodyFormat | undefined {
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
    case 'other':
      return undefined;
  }
}

/** The chosen format and the media type that names it in Content-Type (`*\/*` answers JSON). */
export function negotiate(accepts: MediaType[]): { format: BodyFormat; media: MediaType } {
  for (const type of accepts) {
    const format = formatFor(type);
    if (format) return { format, media: type.kind === 'any' ? { kind: 'json' } : type };
  }
  throw mediaTypeError(accepts.map(mimeOf));
}
