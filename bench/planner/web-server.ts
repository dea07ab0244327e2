// The production build of the web app, started as `npm start` starts it, against the benchmark's backend.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { send } from '../lib/http.ts';

export interface WebServer {
  url: string;
  stop(): Promise<void>;
}

export async function startWebServer(options: {
  port: number;
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}): Promise<WebServer> {
  if (!existsSync('apps/web/build/server/index.js')) {
    throw new Error('The browser figures measure the production build: run `npm run build` first.');
  }
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, ['apps/web/server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      SUPABASE_URL: options.apiUrl,
      SUPABASE_ANON_KEY: options.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: options.serviceRoleKey,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its warnings would interleave with the figures; they are shown only when it fails to start.
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The web server stopped (exit code ${child.exitCode}):\n${errors}`);
    const answered = await send(`${url}/login`).then(
      (reply) => reply.status === 200,
      () => false,
    );
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`The web server did not answer at ${url} within a minute:\n${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
