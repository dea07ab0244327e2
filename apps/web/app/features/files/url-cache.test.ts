import { describe, expect, it } from 'vitest';
import { createUrlCache } from './url-cache';

const signer = () => {
  const calls: string[][] = [];
  let round = 0;
  const sign = async (missing: string[]) => {
    calls.push(missing);
    round += 1;
    return new Map(missing.map((key) => [key, `${key}?token=${round}`]));
  };
  return { calls, sign };
};

describe('createUrlCache', () => {
  it('signs only what it does not hold, in one call', async () => {
    let time = 0;
    const cache = createUrlCache({ ttlMs: 3600_000, renewBeforeMs: 900_000, max: 10, now: () => time });
    const { calls, sign } = signer();
    const first = await cache.urlsOf(['a', 'b', 'a'], sign);
    expect([...first]).toEqual([
      ['a', 'a?token=1'],
      ['b', 'b?token=1'],
    ]);
    time = 1000;
    const second = await cache.urlsOf(['a', 'c'], sign);
    expect(second.get('a')).toBe('a?token=1');
    expect(second.get('c')).toBe('c?token=2');
    expect(calls).toEqual([['a', 'b'], ['c']]);
  });

  it('signs again when too little of a URL is left', async () => {
    let time = 0;
    const cache = createUrlCache({ ttlMs: 3600_000, renewBeforeMs: 900_000, max: 10, now: () => time });
    const { calls, sign } = signer();
    await cache.urlsOf(['a'], sign);
    time = 2700_000 - 1;
    expect((await cache.urlsOf(['a'], sign)).get('a')).toBe('a?token=1');
    time = 2700_000;
    expect((await cache.urlsOf(['a'], sign)).get('a')).toBe('a?token=2');
    expect(calls).toHaveLength(2);
  });

  it('makes no call when everything is cached, and leaves out what could not be signed', async () => {
    const cache = createUrlCache({ ttlMs: 1000, renewBeforeMs: 100, max: 10, now: () => 0 });
    const { calls } = signer();
    const partial = await cache.urlsOf(['a', 'gone'], async () => new Map([['a', 'a-url']]));
    expect([...partial.keys()]).toEqual(['a']);
    expect(await cache.urlsOf([], async () => new Map())).toEqual(new Map());
    expect(calls).toEqual([]);
  });

  it('keeps at most max URLs, dropping the oldest', async () => {
    const cache = createUrlCache({ ttlMs: 1000, renewBeforeMs: 100, max: 2, now: () => 0 });
    const { calls, sign } = signer();
    await cache.urlsOf(['a', 'b', 'c'], sign);
    await cache.urlsOf(['c'], sign);
    await cache.urlsOf(['a'], sign);
    expect(calls).toEqual([['a', 'b', 'c'], ['a']]);
  });
});
