import { describe, expect, it } from 'vitest';
import { describeFactorError, normalizeCode } from './factor-messages';

describe('normalizeCode', () => {
  it('takes six digits, with the spaces people type between groups', () => {
    expect(normalizeCode('123 456')).toBe('123456');
    expect(normalizeCode('12345')).toBeNull();
    expect(normalizeCode('12345a')).toBeNull();
  });
});

describe('describeFactorError', () => {
  it('explains a wrong code and a refused removal in words', () => {
    expect(describeFactorError({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' })).toMatch(
      /code is not valid/,
    );
    expect(describeFactorError({ code: 'insufficient_aal', message: 'AAL2 required' })).toMatch(/sign in again/);
  });

  it('passes other answers through', () => {
    expect(describeFactorError({ code: 'other', message: 'Something else' })).toBe('Something else');
  });
});
