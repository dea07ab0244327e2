// The `Prefer` header (RFC 7240) as PostgREST reads it: comma-separated values across any number of headers, the
// first occurrence of each preference wins, unknown ones are collected (handling=strict refuses them).
import type { Preferences } from './types.ts';

const KNOWN: Record<string, (prefs: Preferences) => void> = {
  'resolution=merge-duplicates': (p) => {
    p.resolution ??= 'merge-duplicates';
  },
  'resolution=ignore-duplicates': (p) => {
    p.resolution ??= 'ignore-duplicates';
  },
  'return=representation': (p) => {
    p.representation ??= 'full';
  },
  'return=minimal': (p) => {
    p.representation ??= 'minimal';
  },
  'return=headers-only': (p) => {
    p.representation ??= 'headers-only';
  },
  'params=single-object': (p) => {
    p.params ??= 'single-object';
  },
  'count=exact': (p) => {
    p.count ??= 'exact';
  },
  'count=planned': (p) => {
    p.count ??= 'planned';
  },
  'count=estimated': (p) => {
    p.count ??= 'estimated';
  },
  'tx=commit': (p) => {
    p.transaction ??= 'commit';
  },
  'tx=rollback': (p) => {
    p.transaction ??= 'rollback';
  },
  'missing=default': (p) => {
    p.missing ??= 'default';
  },
  'missing=null': (p) => {
    p.missing ??= 'null';
  },
  'handling=strict': (p) => {
    p.handling ??= 'strict';
  },
  'handling=lenient': (p) => {
    p.handling ??= 'lenient';
  },
};

/** `values` are the raw Prefer header values; `isTimezone` tells whether the database knows a time zone name. */
export function parsePreferences(values: string[], isTimezone: (name: string) => boolean = () => false): Preferences {
  const prefs: Preferences = { invalid: [] };
  const items = values
    .flatMap((value) => value.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  for (const item of items) {
    const known = KNOWN[item];
    if (known) {
      known(prefs);
    } else if (item.startsWith('timezone=') && isTimezone(item.slice('timezone='.length))) {
      prefs.timezone ??= item.slice('timezone='.length);
    } else if (/^max-affected=-?\d+$/.test(item)) {
      prefs.maxAffected ??= Number(item.slice('max-affected='.length));
    } else {
      prefs.invalid.push(item);
    }
  }
  return prefs;
}

type Applicable = Exclude<keyof Preferences, 'invalid'>;

/** The Preference-Applied header value for the preferences a response honoured, in PostgREST's order. */
export function preferenceApplied(prefs: Preferences, applied: Applicable[]): string | undefined {
  const rendered: string[] = [];
  const include = (key: Applicable) => applied.includes(key) && prefs[key] !== undefined;
  if (include('resolution')) rendered.push(`resolution=${prefs.resolution}`);
  if (include('missing')) rendered.push(`missing=${prefs.missing}`);
  if (include('representation')) {
    rendered.push(`return=${prefs.representation === 'full' ? 'representation' : prefs.representation}`);
  }
  if (include('params')) rendered.push(`params=${prefs.params}`);
  if (include('count')) rendered.push(`count=${prefs.count}`);
  if (include('transaction')) rendered.push(`tx=${prefs.transaction}`);
  if (include('handling')) rendered.push(`handling=${prefs.handling}`);
  if (include('timezone')) rendered.push(`timezone=${prefs.timezone}`);
  if (include('maxAffected') && prefs.handling === 'strict') rendered.push(`max-affected=${prefs.maxAffected}`);
  return rendered.length > 0 ? rendered.join(', ') : undefined;
}
