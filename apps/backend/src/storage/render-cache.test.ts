import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RenderCache } from './render-cache.ts';

const bytes = new Uint8Array([1, 2, 3]);
let dir: string;
let cache: RenderCache;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'render-cache-'));
  cache = new RenderCache(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('RenderCache', () => {
  it('keeps a rendition of a version until the version is forgotten', async () => {
    const version = randomUUID();
    await cache.keep(version, 'thumb', bytes);
    expect(await cache.find(version, 'thumb')).toEqual({ bytes });
    await cache.forget([version]);
    expect(await cache.find(version, 'thumb')).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('does not keep a rendition finished after its version was forgotten', async () => {
    const version = randomUUID();
    await cache.forget([version]);
    await cache.keep(version, 'thumb', bytes);
    expect(existsSync(path.join(dir, version))).toBe(false);
    expect(await cache.find(version, 'thumb')).toBeUndefined();
  });

  it('leaves nothing of a rendition whose version is forgotten while it is written, and does not fail', async () => {
    for (let i = 0; i < 20; i++) {
      const version = randomUUID();
      const kept = cache.keep(version, 'thumb', bytes);
      await cache.forget([version]);
      await kept;
      expect(existsSync(path.join(dir, version))).toBe(false);
      expect(await cache.find(version, 'thumb')).toBeUndefined();
    }
  });
});
