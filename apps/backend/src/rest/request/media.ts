// Media types of the Accept header, most preferred first (quality, then specificity), as PostgREST ranks them.
import type { MediaType } from './types.ts';

interface Ranked {
  type: MediaType;
  quality: number;
  specificity: number;
  order: number;
}

function decode(mime: string, params: Map<string, string>): MediaType {
  const stripNulls = params.get('nulls') === 'stripped';
  switch (mime) {
    case '*/*':
      return { kind: 'any' };
    case 'application/json':
      return { kind: 'json' };
    case 'application/vnd.pgrst.object+json':
    case 'application/vnd.pgrst.object':
      return { kind: 'object', stripNulls };
    case 'application/vnd.pgrst.array+json':
    case 'application/vnd.pgrst.array':
      return stripNulls ? { kind: 'array-stripped' } : { kind: 'json' };
    case 'text/csv':
      return { kind: 'csv' };
    case 'application/vnd.pgrst.plan':
    case 'application/vnd.pgrst.plan+text':
    case 'application/vnd.pgrst.plan+json': {
      const options = (params.get('options') ?? '').split('|').filter((option) => option !== '');
      const format = mime.endsWith('+json') ? 'json' : 'text';
      return { kind: 'plan', format, for: params.get('for') ?? 'application/json', options };
    }
    default:
      return { kind: 'other', mime };
  }
}

function rank(part: string, order: number): Ranked | undefined {
  const [rawMime, ...rawParams] = part.split(';').map((piece) => piece.trim());
  if (!rawMime) return undefined;
  const params = new Map<string, string>();
  for (const param of rawParams) {
    const eq = param.indexOf('=');
    if (eq > 0)
      params.set(
        param.slice(0, eq).trim().toLowerCase(),
        param
          .slice(eq + 1)
          .trim()
          .replace(/^"|"$/g, ''),
      );
  }
  const quality = params.has('q') ? Number(params.get('q')) : 1;
  params.delete('q');
  const mime = rawMime.toLowerCase();
  const [type, subtype] = mime.split('/');
  const specificity = (type === '*' ? 0 : 1) + (subtype === '*' ? 0 : 1) + (params.size > 0 ? 1 : 0);
  return { type: decode(mime, params), quality: Number.isFinite(quality) ? quality : 0, specificity, order };
}

/** No Accept header (or an empty one) accepts anything. */
export function parseAccept(header: string | undefined): MediaType[] {
  if (header === undefined || header.trim() === '') return [{ kind: 'any' }];
  return header
    .split(',')
    .map(rank)
    .filter((ranked): ranked is Ranked => ranked !== undefined)
    .sort((a, b) => b.quality - a.quality || b.specificity - a.specificity || a.order - b.order)
    .map((ranked) => ranked.type);
}

/** How a media type is named in headers and in PGRST107's message. */
export function mimeOf(type: MediaType): string {
  switch (type.kind) {
    case 'any':
      return '*/*';
    case 'json':
      return 'application/json';
    case 'object':
      return `application/vnd.pgrst.object+json${type.stripNulls ? ';nulls=stripped' : ''}`;
    case 'array-stripped':
      return 'application/vnd.pgrst.array+json;nulls=stripped';
    case 'csv':
      return 'text/csv';
    case 'plan': {
      const options = type.options.length > 0 ? `; options=${type.options.join('|')}` : '';
      return `application/vnd.pgrst.plan+${type.format}; for="${type.for}"${options}`;
    }
    case 'other':
      return type.mime;
  }
}
