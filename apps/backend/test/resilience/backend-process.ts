// The backend as `npm run backend` runs it, in a child process on 127.0.0.1 with a system-chosen port: what a test
// needs to see it exit (or not), kill it, and call it with its anon key.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { REPO_SUPABASE_DIR } from '../harness.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

export interface BackendProcess {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  child: ChildProcess;
  /** The inspector's WebSocket address, when started with `inspect`. */
  inspectorUrl?: string;
  /** The exit code, or the signal's name, once the process ended; undefined while it runs. */
  exit(): number | string | undefined;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export async function startBackendProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  { inspect = false } = {},
): Promise<BackendProcess> {
  const inspectFlags = inspect ? ['--inspect=127.0.0.1:0'] : [];
  const child = spawn(process.execPath, [...inspectFlags, '--import', 'tsx', MAIN], {
    env: { ...process.env, SUPABASE_DIR: REPO_SUPABASE_DIR, BACKEND_HOST: '127.0.0.1', BACKEND_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: number | string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = code ?? signal ?? 'unknown';
      resolve();
    }),
  );
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const field = (label: string) => new RegExp(`${label}: (\\S+)`).exec(output)?.[1];
  const deadline = Date.now() + timeoutMs;
  while (!field('service_role key')) {
    if (exit !== undefined) throw new Error(`the backend exited (${exit}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the backend did not start in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: field('API URL')!,
    anonKey: field('anon key')!,
    serviceRoleKey: field('service_role key')!,
    child,
    inspectorUrl: /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1],
    exit: () => exit,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (exit === undefined) child.kill(signal);
      await exited;
    },
  };
}
