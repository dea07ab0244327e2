import type { User } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { displayName, initialsOf, toSessionUser } from './session-user';

const authUser = (fields: Partial<User>): User =>
  ({ id: 'u1', app_metadata: {}, user_metadata: {}, aud: 'authenticated', created_at: '', ...fields }) as User;

describe('toSessionUser', () => {
  it('takes the full name from the user metadata', () => {
    const user = toSessionUser(authUser({ email: 'ada@example.com', user_metadata: { full_name: ' Ada Lovelace ' } }));
    expect(user).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      phone: null,
      fullName: 'Ada Lovelace',
      avatarUrl: null,
    });
  });

  it('treats empty strings as missing', () => {
    expect(toSessionUser(authUser({ email: '', phone: '' }))).toMatchObject({ email: null, phone: null });
  });
});

describe('displayName', () => {
  it('prefers the full name, then the e-mail, then the phone', () => {
    expect(displayName({ fullName: 'Ada', email: 'a@x.io', phone: null })).toBe('Ada');
    expect(displayName({ fullName: null, email: 'a@x.io', phone: '+1555' })).toBe('a@x.io');
    expect(displayName({ fullName: null, email: null, phone: '+1555' })).toBe('+1555');
  });
});

describe('initialsOf', () => {
  it('uses the first letters of two words, or the e-mail name', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('grace.hopper@example.com')).toBe('GH');
    expect(initialsOf('x')).toBe('X');
  });
});
