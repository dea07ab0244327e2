// Notices a new deployment: polls the build manifest; once another build is live, the next navigation reloads the page.
export type BuildManifest = { id: string; timestamp: number };

export function parseBuildManifest(value: unknown): BuildManifest | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, timestamp } = value as Record<string, unknown>;
  if (typeof id !== 'string' || id === '' || typeof timestamp !== 'number') return null;
  return { id, timestamp };
}

export function isNewBuild(currentId: string, latest: BuildManifest | null): latest is BuildManifest {
  return latest !== null && latest.id !== currentId;
}

type WatcherOptions = { currentId: string; fetchImpl?: typeof fetch; basePath?: string };

export type BuildWatcher = ReturnType<typeof createBuildWatcher>;

export function createBuildWatcher({ currentId, fetchImpl, basePath = '/builds' }: WatcherOptions) {
  let newBuild: BuildManifest | null = null;

  async function fetchManifest(path: string): Promise<BuildManifest | null> {
    try {
      const response = await (fetchImpl ?? fetch)(`${basePath}/${path}`, { cache: 'no-store' });
      return response.ok ? parseBuildManifest(await response.json()) : null;
    } catch {
      return null; // offline or mid-deployment: try again at the next tick
    }
  }

  return {
    hasNewBuild: () => newBuild !== null,

    /** One poll. True once a different build is confirmed by its own manifest (builds/meta/{id}.json). */
    async check(): Promise<boolean> {
      if (newBuild) return true;
      const latest = await fetchManifest('latest.json');
      if (!isNewBuild(currentId, latest)) return false;
      const meta = await fetchManifest(`meta/${encodeURIComponent(latest.id)}.json`);
      if (meta?.id === latest.id) newBuild = meta;
      return newBuild !== null;
    },

    /** Polls every `intervalMs` and when the tab comes back into view; returns a function that stops it. */
    start(intervalMs: number): () => void {
      const poll = () => void this.check();
      const timer = setInterval(poll, intervalMs);
      const onVisible = () => document.visibilityState === 'visible' && poll();
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        clearInterval(timer);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
  };
}

let pageWatcher: BuildWatcher | undefined;

/** The page's watcher; created by the root component once the running build id is known. */
export function watchBuilds(currentId: string, intervalMs: number): () => void {
  pageWatcher = createBuildWatcher({ currentId });
  return pageWatcher.start(intervalMs);
}

export function newBuildDetected(): boolean {
  return pageWatcher?.hasNewBuild() ?? false;
}
