// A PostgreSQL server of a test's own (a new cluster in a temporary folder, on 127.0.0.1), for tests that kill the
// server itself, which the suite's shared server must never be. Debian's binaries; as root the server runs as the
// postgres user the package created, since PostgreSQL refuses to run as root.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';

export interface OwnPostgres {
  url: string;
  /** SIGKILL of the postmaster, as a crash of the server. */
  kill(): void;
  /** Starts the server again on the same folder and port, waiting until it accepts connections. */
  start(): Promise<void>;
  remove(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root)
    ? readdirSync(root).find((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    : undefined;
  if (!version) throw new Error('PostgreSQL is not installed (Debian package: postgresql)');
  return path.join(root, version, 'bin');
}

export async function createOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-own-pg-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const run = (program: string, args: string[]) => {
    const [command, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    const result = spawnSync(command, all, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${program} failed: ${result.stderr}${result.stdout}`);
  };
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=100`;

  async function start(): Promise<void> {
    const deadline = Date.now() + 30_000;
    // Right after a crash the old server's processes may still hold its shared memory for a moment.
    for (;;) {
      try {
        run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']);
        return;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    kill() {
      const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
    },
    start,
    async remove() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
