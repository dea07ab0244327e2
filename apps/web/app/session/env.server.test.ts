import { describe, expect, it } from 'vitest';
import { EnvError, parseServerEnv, toPublicEnv } from './env.server';

const complete = { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_ANON_KEY: 'anon-key' };

describe('parseServerEnv', () => {
  it('applies the defaults for the optional variables', () => {
    expect(parseServerEnv(complete)).toEqual({
      ...complete,
      PORT: 3000,
      HOST: '127.0.0.1',
      BUILD_CHECK_INTERVAL_MS: 3_600_000,
    });
  });

  it('names a missing SUPABASE_URL', () => {
    expect(() => parseServerEnv({ SUPABASE_ANON_KEY: 'k' })).toThrow(/SUPABASE_URL is required/);
  });

  it('names a missing SUPABASE_ANON_KEY, also when it is empty', () => {
    expect(() => parseServerEnv({ SUPABASE_URL: complete.SUPABASE_URL, SUPABASE_ANON_KEY: '' })).toThrow(
      /SUPABASE_ANON_KEY is required/,
    );
  });

  it('names both when both are missing', () => {
    const error = (() => {
      try {
        parseServerEnv({});
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(error?.message).toMatch(/SUPABASE_URL is required.*SUPABASE_ANON_KEY is required/);
  });

  it('rejects a URL that is not http(s)', () => {
    expect(() => parseServerEnv({ ...complete, SUPABASE_URL: 'not a url' })).toThrow(/SUPABASE_URL is invalid/);
  });

  it('reads PORT and the build check interval as numbers', () => {
    const env = parseServerEnv({ ...complete, PORT: '3400', BUILD_CHECK_INTERVAL_MS: '5000' });
    expect(env.PORT).toBe(3400);
    expect(env.BUILD_CHECK_INTERVAL_MS).toBe(5000);
  });

  it('never keeps a service role key, even when one is set: the web server acts only as its users', () => {
    const env = parseServerEnv({ ...complete, SUPABASE_SERVICE_ROLE_KEY: 'service-key' });
    expect(JSON.stringify(env)).not.toContain('service-key');
  });

  it('gives the browser only the URL, the anon key and client settings', () => {
    const env = parseServerEnv(complete);
    expect(Object.keys(toPublicEnv(env)).sort()).toEqual([
      'BUILD_CHECK_INTERVAL_MS',
      'SUPABASE_ANON_KEY',
      'SUPABASE_URL',
    ]);
  });
});
