// A real load balancer in front of backend processes: Debian's HAProxy, round robin, bound to 127.0.0.1, checking
// each process's health so one that stops is taken out of the rotation within a second.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.ts';

export interface LoadBalancer {
  url: string;
  stop(): Promise<void>;
}

export async function startLoadBalancer(backendUrls: string[]): Promise<LoadBalancer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'teamplan-haproxy-'));
  const servers = backendUrls.map(
    (url, index) => `  server backend${index} ${new URL(url).host} check inter 250ms fall 1 rise 2`,
  );
  writeFileSync(
    path.join(dir, 'haproxy.cfg'),
    [
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 30s',
      '  timeout server 30s',
      // Realtime sockets stay open for as long as a page does.
      '  timeout tunnel 1h',
      '  retries 2',
      '  option redispatch',
      'frontend api',
      `  bind 127.0.0.1:${port}`,
      '  default_backend replicas',
      'backend replicas',
      '  balance roundrobin',
      '  option httpchk GET /auth/v1/health',
      ...servers,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const ready = await fetch(`${url}/auth/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
