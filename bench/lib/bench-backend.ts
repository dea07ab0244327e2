// The backend of a benchmark, in a process of its own so that the load generator does not share its event loop:
// serves a benchmark's project folder on a free port in a scratch data folder, prints what the load generator needs as
// one JSON line, and on SIGTERM stops and removes its data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../apps/backend/src/config.ts';
import { startBackend, type Backend } from '../../apps/backend/src/server.ts';

export async function serveBenchBackend(
  name: string,
  project: URL,
  describe: (backend: Backend) => Promise<Record<string, unknown>> | Record<string, unknown>,
  env: Record<string, string> = {},
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `teamplan-bench-${name}-`));
  const backend = await startBackend(
    loadConfig({ BACKEND_PORT: '0', DATA_DIR: dataDir, SUPABASE_DIR: fileURLToPath(project), ...env }),
  );
  console.log(JSON.stringify({ url: backend.url, pid: process.pid, ...(await describe(backend)) }));
  process.once(
    'SIGTERM',
    () =>
      void backend.stop().finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      }),
  );
}
