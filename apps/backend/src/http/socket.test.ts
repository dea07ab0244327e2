// The gateway over a real socket, where headers come from Node's request and responses are written from records:
// every line of a repeated header counts, and a browser on the web app's origin may read every response.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_SUPABASE_DIR } from '../../test/harness.ts';
import { loadConfig } from '../config.ts';
import { startBackend, type Backend } from '../server.ts';

const WEB_APP = 'http://localhost:3000';
let backend: Backend;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'teamplan-socket-'));
  backend = await startBackend(loadConfig({ BACKEND_PORT: '0', DATA_DIR: dataDir, SUPABASE_DIR: REPO_SUPABASE_DIR }));
  await backend.deps.db.exec(`
    create table public.socket_notes (id int primary key, body text);
    grant select on public.socket_notes to anon;
    insert into public.socket_notes values (1, 'one'), (2, 'two');
    notify pgrst, 'reload schema';
  `);
});
afterAll(async () => {
  await backend.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET whose header values may be lists, each item sent as a header line of its own. */
function get(pathname: string, headers: Record<string, string | string[]>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pathname, backend.url), { method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    for (const [name, value] of Object.entries({ apikey: backend.deps.keys.anonKey, ...headers })) {
      request.setHeader(name, value);
    }
    request.on('error', reject).end();
  });
}

describe('over a socket', () => {
  it('reads every line of a repeated header', async () => {
    const answer = await get('/rest/v1/socket_notes?select=id', { prefer: ['count=exact', 'timezone=UTC'] });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-range']).toBe('0-1/2');
    expect(answer.headers['preference-applied']).toBe('count=exact, timezone=UTC');
  });

  it("lets the web app's origin read the data service's answers and their headers", async () => {
    const answer = await get('/rest/v1/socket_notes?id=eq.2', { origin: WEB_APP });
    expect(JSON.parse(answer.body)).toEqual([{ id: 2, body: 'two' }]);
    expect(answer.headers).toMatchObject({
      'access-control-allow-origin': WEB_APP,
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
    });
    expect(answer.headers['access-control-expose-headers']?.split(',')).toContain('content-range');
  });

  it('gives another origin no access', async () => {
    const answer = await get('/rest/v1/socket_notes?id=eq.2', { origin: 'https://evil.example' });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("lets the web app's origin read the other services' answers too", async () => {
    const answer = await get('/auth/v1/settings', { origin: WEB_APP });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'access-control-allow-origin': WEB_APP, vary: 'Origin' });
  });
});
