// The backend of the storage benchmark, in a process of its own so the load generator does not share its event loop:
// serves bench/storage/project on a free port and prints its URL and service key as one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../apps/backend/src/config.ts';
import { startBackend } from '../../apps/backend/src/server.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-bench-storage-'));
const backend = await startBackend(
  loadConfig({
    BACKEND_PORT: '0',
    DATA_DIR: dataDir,
    SUPABASE_DIR: fileURLToPath(new URL('./project', import.meta.url)),
  }),
);
console.log(JSON.stringify({ url: backend.url, serviceKey: backend.deps.keys.serviceRoleKey }));
process.once(
  'SIGTERM',
  () =>
    void backend.stop().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }),
);
