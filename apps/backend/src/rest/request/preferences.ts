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

// In PostgREST's order: each preference a response can honour, as Preference-Applied names it.
const RENDERED: [Applicable, (prefs: Preferences) => string][] = [
  ['resolution', (prefs) => `resolution=${prefs.resolution}`],
  ['missing', (prefs) => `missing=${prefs.missing}`],
  ['representation', (prefs) => `return=${prefs.representation === 'full' ? 'representation' : prefs.representation}`],
  ['params', (prefs) => `params=${prefs.params}`],
  ['count', (prefs) => `count=${prefs.count}`],
  ['transaction', (prefs) => `tx=${prefs.transaction}`],
  ['handling', (prefs) => `handling=${prefs.handling}`],
  ['timezone', (prefs) => `timezone=${prefs.timezone}`],
  ['maxAffected', (prefs) => `max-affected=${prefs.maxAffected}`],
];

/** The Preference-Applied header value for the preferences a response honoured, in PostgREST's order. */
export function preferenceApplied(prefs: Preferences, applied: Applicable[]): string | undefined {
  const rendered: string[] = [];
  for (const [key, render] of RENDERED) {
    if (!applied.includes(key) || prefs[key] === undefined) continue;
    // max-affected applies only with handling=strict.
    if (key === 'maxAffected' && prefs.handling !== 'strict') continue;
    rendered.push(render(prefs));
  }
  return rendered.length > 0 ? rendered.join(', ') : undefined;
}
