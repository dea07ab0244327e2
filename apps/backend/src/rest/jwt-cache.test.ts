// The verified-token cache: a token is verified once, then served until it expires; failures are never kept.
import { describe, expect, it, vi } from 'vitest';
import type { Claims, Keys } from '../keys.ts';
import { verifyCached } from './jwt-cache.ts';

function fakeKeys(verify: (token: string) => Promise<Claims>): Keys {
  return { verify: vi.fn(verify) } as unknown as Keys;
}

describe('verifyCached', () => {
  it('verifies a token once and answers the same claims after', async () => {
    const keys = fakeKeys(async () => ({ role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 600 }));
    await verifyCached(keys, 'a.b.c');
    expect(await verifyCached(keys, 'a.b.c')).toMatchObject({ role: 'authenticated' });
    expect(keys.verify).toHaveBeenCalledTimes(1);
  });

  it('verifies again once the token has expired', async () => {
    const keys = fakeKeys(async () => ({ role: 'anon', exp: Math.floor(Date.now() / 1000) - 1 }));
    await verifyCached(keys, 'x.y.z');
    await verifyCached(keys, 'x.y.z');
    expect(keys.verify).toHaveBeenCalledTimes(2);
  });

  it('never keeps a failed verification', async () => {
    const keys = fakeKeys(async () => {
      throw new Error('bad signature');
    });
    await expect(verifyCached(keys, 'bad.token.here')).rejects.toThrow('bad signature');
    await expect(verifyCached(keys, 'bad.token.here')).rejects.toThrow('bad signature');
    expect(keys.verify).toHaveBeenCalledTimes(2);
  });
});
