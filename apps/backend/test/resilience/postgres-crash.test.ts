// The PostgreSQL server killed (SIGKILL of the postmaster) under write load, a few times over, and started again:
// the backend never exits, answers 503 (retryable) meanwhile and nothing worse, serves again by itself, and every
// write it acknowledged is there. Runs with the PostgreSQL suite, on a server of the test's own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackendProcess, type BackendProcess } from './backend-process.ts';
import { createOwnPostgres, type OwnPostgres } from './own-postgres.ts';

const CYCLES = 3;
const WRITERS = 3;

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL server killed under write load', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-pg-crash-'));
  let server: OwnPostgres;
  let backend: BackendProcess;

  beforeAll(async () => {
    server = await createOwnPostgres();
    backend = await startBackendProcess({ DATABASE_URL: server.url, DATA_DIR: dataDir });
  }, 120_000);
  afterAll(async () => {
    await backend?.stop();
    await server?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write through ${CYCLES} crashes of the server, and keeps running`, async () => {
    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    let unavailable = 0;
    let stopping = false;
    const headers = {
      apikey: backend.serviceRoleKey,
      authorization: `Bearer ${backend.serviceRoleKey}`,
      'content-type': 'application/json',
      prefer: 'return=minimal',
    };
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; !stopping; n++) {
        const name = `pg crash ${writer}-${n}`;
        try {
          const response = await fetch(`${backend.url}/rest/v1/projects`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name }),
          });
          if (response.status === 201) acknowledged.push(name);
          else if (response.status === 503) {
            unavailable++;
            await new Promise((resolve) => setTimeout(resolve, 20));
          } else unexpected.push(`${response.status}: ${await response.text()}`);
        } catch (error) {
          unexpected.push(`no answer: ${String(error)}`);
          return;
        }
      }
    });
    const acksGrow = async () => {
      const before = acknowledged.length;
      const deadline = Date.now() + 20_000;
      while (acknowledged.length < before + 20) {
        if (Date.now() > deadline) throw new Error('writes did not resume');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await acksGrow();
      server.kill();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await server.start();
    }
    await acksGrow();
    stopping = true;
    await Promise.all(writers);

    expect(unexpected).toEqual([]);
    expect(backend.exit()).toBeUndefined();
    const response = await fetch(`${backend.url}/rest/v1/projects?select=name&name=like.pg%20crash*`, { headers });
    const stored = new Set(((await response.json()) as Array<{ name: string }>).map((row) => row.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    console.log(
      `PostgreSQL killed ${CYCLES} times: ${acknowledged.length} acknowledged writes, none lost; ${unavailable} answers 503 meanwhile`,
    );
  }, 180_000);
});
