import { describe, expect, it, vi } from 'vitest';
import { createBuildWatcher, isNewBuild, parseBuildManifest } from './build-watcher';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function serverWith(routes: Record<string, () => Response | Promise<Response>>) {
  return vi.fn(async (url: RequestInfo | URL) => routes[String(url)]?.() ?? new Response('not found', { status: 404 }));
}

describe('parseBuildManifest', () => {
  it('accepts {id, timestamp}', () => {
    expect(parseBuildManifest({ id: 'abc', timestamp: 1 })).toEqual({ id: 'abc', timestamp: 1 });
  });

  it.each([null, 'x', {}, { id: '', timestamp: 1 }, { id: 'a' }])('rejects %j', (value) => {
    expect(parseBuildManifest(value)).toBeNull();
  });
});

describe('isNewBuild', () => {
  it('is true only for a different id', () => {
    expect(isNewBuild('a', { id: 'b', timestamp: 2 })).toBe(true);
    expect(isNewBuild('a', { id: 'a', timestamp: 2 })).toBe(false);
    expect(isNewBuild('a', null)).toBe(false);
  });
});

describe('createBuildWatcher', () => {
  it('stays quiet while the running build is the latest', async () => {
    const fetchImpl = serverWith({ '/builds/latest.json': () => json({ id: 'v1', timestamp: 1 }) });
    const watcher = createBuildWatcher({ currentId: 'v1', fetchImpl: fetchImpl as typeof fetch });
    expect(await watcher.check()).toBe(false);
    expect(watcher.hasNewBuild()).toBe(false);
  });

  it('detects a new build confirmed by its meta manifest', async () => {
    const fetchImpl = serverWith({
      '/builds/latest.json': () => json({ id: 'v2', timestamp: 2 }),
      '/builds/meta/v2.json': () => json({ id: 'v2', timestamp: 2 }),
    });
    const watcher = createBuildWatcher({ currentId: 'v1', fetchImpl: fetchImpl as typeof fetch });
    expect(await watcher.check()).toBe(true);
    expect(watcher.hasNewBuild()).toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith('/builds/meta/v2.json', { cache: 'no-store' });
  });

  it('waits while the new build does not serve its manifest yet', async () => {
    const fetchImpl = serverWith({ '/builds/latest.json': () => json({ id: 'v2', timestamp: 2 }) });
    const watcher = createBuildWatcher({ currentId: 'v1', fetchImpl: fetchImpl as typeof fetch });
    expect(await watcher.check()).toBe(false);
  });

  it('survives a network failure', async () => {
    const fetchImpl = vi.fn(async () => Promise.reject(new TypeError('offline')));
    const watcher = createBuildWatcher({ currentId: 'v1', fetchImpl: fetchImpl as typeof fetch });
    expect(await watcher.check()).toBe(false);
  });

  it('stops asking once a new build is known', async () => {
    const fetchImpl = serverWith({
      '/builds/latest.json': () => json({ id: 'v2', timestamp: 2 }),
      '/builds/meta/v2.json': () => json({ id: 'v2', timestamp: 2 }),
    });
    const watcher = createBuildWatcher({ currentId: 'v1', fetchImpl: fetchImpl as typeof fetch });
    await watcher.check();
    await watcher.check();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });
});
