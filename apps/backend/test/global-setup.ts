// Made once for the whole run: a newly initialized PGlite cluster, which every test database on PGlite starts from
// rather than initializing its own (initdb is most of the seconds a new PGlite takes). In-memory databases load its
// dump; backends started on a data folder get a copy of its folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPristineCluster } from '../src/db/pglite-engine.ts';

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  // On PostgreSQL (TEST_DATABASE_URL) test databases are made there, and no cluster is needed.
  if (process.env.TEST_DATABASE_URL) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-test-cluster-'));
  const folder = path.join(dir, 'pgdata');
  const file = path.join(dir, 'pgdata.tar');
  writeFileSync(file, Buffer.from(await (await dumpPristineCluster(folder)).arrayBuffer()));
  project.provide('pristineCluster', file);
  project.provide('pristineClusterFolder', folder);
  return () => rmSync(dir, { recursive: true, force: true });
}
