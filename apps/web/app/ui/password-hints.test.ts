import { describe, expect, it } from 'vitest';
import { passwordHints, weakPasswordReasons } from './password-hints';

const met = (password: string) => Object.fromEntries(passwordHints(password).map((hint) => [hint.id, hint.met]));

describe('passwordHints', () => {
  it('marks nothing met for an empty password', () => {
    expect(met('')).toEqual({ length: false, letters: false, digits: false });
  });

  it('checks length of at least 8, letters and digits separately', () => {
    expect(met('abcdefgh')).toEqual({ length: true, letters: true, digits: false });
    expect(met('12345678')).toEqual({ length: true, letters: false, digits: true });
    expect(met('abc123')).toEqual({ length: false, letters: true, digits: true });
    expect(met('abcd1234')).toEqual({ length: true, letters: true, digits: true });
  });
});

describe('weakPasswordReasons', () => {
  const GOTRUE_MESSAGE =
    'Password should be at least 8 characters. Password should contain at least one character of each: ' +
    'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.';

  it("puts the service's reasons in words, never its lists of characters", () => {
    const reasons = weakPasswordReasons({ message: GOTRUE_MESSAGE, reasons: ['length', 'characters'] });
    expect(reasons).toEqual(['It must be at least 8 characters long.', 'It needs at least a letter and a digit.']);
    expect(reasons.join(' ')).not.toMatch(/abcdef|0123/);
  });

  it('names each kind a stricter policy asks for', () => {
    const message =
      'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ' +
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789, !@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~.';
    expect(weakPasswordReasons({ message, reasons: ['characters'] })).toEqual([
      'It needs at least a lowercase letter, an uppercase letter, a digit and a symbol.',
    ]);
  });

  it('explains a common password and keeps unknown codes', () => {
    expect(weakPasswordReasons({ message: '', reasons: ['pwned', 'something new'] })).toEqual([
      'It is too common or known from a data breach; choose a different one.',
      'something new',
    ]);
  });
});
