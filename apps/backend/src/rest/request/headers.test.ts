// Headers: Prefer (and Preference-Applied), Accept.
import { describe, expect, it } from 'vitest';
import { mimeOf, parseAccept } from './media.ts';
import { parsePreferences, preferenceApplied } from './preferences.ts';

describe('parsePreferences', () => {
  it('reads comma-separated values across headers; the first of each wins', () => {
    const prefs = parsePreferences([
      'return=representation, count=exact',
      'return=minimal,resolution=merge-duplicates',
      'bogus',
    ]);
    expect(prefs).toEqual({
      representation: 'full',
      count: 'exact',
      resolution: 'merge-duplicates',
      invalid: ['bogus'],
    });
  });

  it.each([
    ['tx=rollback', { transaction: 'rollback' }],
    ['missing=default', { missing: 'default' }],
    ['handling=strict, max-affected=5', { handling: 'strict', maxAffected: 5 }],
    ['return=headers-only', { representation: 'headers-only' }],
    ['params=single-object', { params: 'single-object' }],
  ])('%s', (header, expected) => expect(parsePreferences([header])).toEqual({ ...expected, invalid: [] }));

  it('renders Preference-Applied in PostgREST order, only for what applied', () => {
    const prefs = parsePreferences([
      'count=exact, return=representation, resolution=ignore-duplicates, missing=default',
    ]);
    expect(preferenceApplied(prefs, ['count', 'representation', 'resolution', 'missing'])).toBe(
      'resolution=ignore-duplicates, missing=default, return=representation, count=exact',
    );
    expect(preferenceApplied(prefs, ['count'])).toBe('count=exact');
    expect(preferenceApplied(parsePreferences([]), ['count'])).toBeUndefined();
  });
});

describe('parseAccept', () => {
  it.each([
    [undefined, ['*/*']],
    ['application/json', ['application/json']],
    ['application/vnd.pgrst.object+json', ['application/vnd.pgrst.object+json']],
    ['application/vnd.pgrst.object+json;nulls=stripped', ['application/vnd.pgrst.object+json;nulls=stripped']],
    ['application/vnd.pgrst.array+json;nulls=stripped', ['application/vnd.pgrst.array+json;nulls=stripped']],
    ['text/html, application/json;q=0.5, */*;q=0.1', ['text/html', 'application/json', '*/*']],
    ['*/*, application/json', ['application/json', '*/*']],
    ['text/csv', ['text/csv']],
  ])('%s', (header, expected) => expect(parseAccept(header).map(mimeOf)).toEqual(expected));
});
