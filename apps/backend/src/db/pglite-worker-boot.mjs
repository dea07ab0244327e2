// The worker thread's entry: worker threads do not take the parent's TypeScript loader, so this plain module loads
// the TypeScript worker through tsx's API.
const { tsImport } = await import('tsx/esm/api');
await tsImport('./pglite-worker.ts', import.meta.url);
