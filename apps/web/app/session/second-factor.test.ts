import type { Factor } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { needsSecondFactor, secondFactorPathFor } from './second-factor';

const tokenWith = (claims: object) =>
  ['header', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');

const factor = (status: Factor['status']) => ({ id: 'f1', factor_type: 'totp', status }) as Factor;

describe('needsSecondFactor', () => {
  it('holds back a password-only session of a user with a verified authenticator', () => {
    expect(needsSecondFactor(tokenWith({ aal: 'aal1' }), { factors: [factor('verified')] })).toBe(true);
  });

  it('lets the session through once it passed the code', () => {
    expect(needsSecondFactor(tokenWith({ aal: 'aal2' }), { factors: [factor('verified')] })).toBe(false);
  });

  it('asks nothing of users without a verified authenticator (an unfinished setup does not count)', () => {
    expect(needsSecondFactor(tokenWith({ aal: 'aal1' }), { factors: [factor('unverified')] })).toBe(false);
    expect(needsSecondFactor(tokenWith({ aal: 'aal1' }), { factors: undefined })).toBe(false);
  });

  it('treats an unreadable token as not having passed the code', () => {
    expect(needsSecondFactor('not-a-token', { factors: [factor('verified')] })).toBe(true);
  });
});

describe('secondFactorPathFor', () => {
  it('keeps where to continue', () => {
    expect(secondFactorPathFor('/projects?status=active')).toBe('/login/code?redirectTo=%2Fprojects%3Fstatus%3Dactive');
    expect(secondFactorPathFor('/')).toBe('/login/code');
  });
});
