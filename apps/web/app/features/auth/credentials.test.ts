import { createNodeClient } from '@teamplan/supabase-node';
import { describe, expect, it } from 'vitest';
import { looksLikePhone, MISSING_CREDENTIALS_MESSAGE, normalizePhone, toCredentials } from './credentials';

describe('toCredentials', () => {
  it('reads an e-mail address', () => {
    expect(toCredentials(' ada@example.com ', 'pw')).toEqual({ email: 'ada@example.com', password: 'pw' });
  });

  it('reads a phone number', () => {
    expect(toCredentials('+1 (555) 010-0000', 'pw')).toEqual({ phone: '+15550100000', password: 'pw' });
  });

  it('needs both an identifier and a password', () => {
    expect(toCredentials('', 'pw')).toBeNull();
    expect(toCredentials('   ', 'pw')).toBeNull();
    expect(toCredentials('ada@example.com', '')).toBeNull();
  });

  it('answers with the message supabase-js itself gives', async () => {
    const supabase = createNodeClient('http://backend.test', 'anon');
    const { error } = await supabase.auth.signInWithPassword({ password: 'pw' } as never);
    expect(error?.message).toBe(MISSING_CREDENTIALS_MESSAGE);
  });
});

describe('looksLikePhone', () => {
  it.each(['+15550100000', '555 010 0000', '(555) 010-0000'])('treats %s as a phone', (value) => {
    expect(looksLikePhone(value)).toBe(true);
  });

  it.each(['ada@example.com', '12345', 'ada', '+'])('does not treat %s as a phone', (value) => {
    expect(looksLikePhone(value)).toBe(false);
  });

  it('normalizes to digits with the leading +', () => {
    expect(normalizePhone(' +44 20 7946 0958 ')).toBe('+442079460958');
  });
});
