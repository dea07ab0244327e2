import { describe, expect, it } from 'vitest';
import { describeWeakPasswordReason, passwordHints } from './password-hints';

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

describe('describeWeakPasswordReason', () => {
  it('explains the known reason codes and keeps unknown ones', () => {
    expect(describeWeakPasswordReason('length')).toMatch(/too short/);
    expect(describeWeakPasswordReason('pwned')).toMatch(/breach/);
    expect(describeWeakPasswordReason('something new')).toBe('something new');
  });
});
