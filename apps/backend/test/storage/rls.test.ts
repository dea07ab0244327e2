// Row level security on storage.objects decides for real people (the fixture's avatars policies: each writes their own
// folder, every signed-in person reads all, anon nothing), and hostile requests get a clear 4xx with nothing written.
import { readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startStorageBackend, type StorageBackend } from './backend.ts';
import { until } from '../wait.ts';

let sb: StorageBackend;
let ada: { client: SupabaseClient; id: string };
let bob: { client: SupabaseClient; id: string };
beforeAll(async () => {
  sb = await startStorageBackend();
  ada = await sb.person();
  bob = await sb.person();
});
afterAll(() => sb.stop());

/** A request with its path sent exactly as written: fetch would resolve `..` and `%2E%2E` before sending. */
function rawRequest(url: string, path: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path, method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const avatars = (client: SupabaseClient) => client.storage.from('avatars');

describe('row level security on objects', () => {
  it('lets a person upload into their own folder, and others read it', async () => {
    const { error } = await avatars(ada.client).upload(`${ada.id}/me.txt`, 'ada');
    expect(error).toBeNull();
    const read = await avatars(bob.client).download(`${ada.id}/me.txt`);
    expect(await read.data!.text()).toBe('ada');
    expect((await avatars(bob.client).list(ada.id)).data!.map((entry) => entry.name)).toEqual(['me.txt']);
  });

  it("refuses uploads, replacements, moves and removals in someone else's folder", async () => {
    const upload = await avatars(bob.client).upload(`${ada.id}/bob.txt`, 'bob');
    expect(upload.error).toMatchObject({ message: 'new row violates row-level security policy', statusCode: '403' });
    const upsert = await avatars(bob.client).upload(`${ada.id}/me.txt`, 'bob', { upsert: true });
    expect(upsert.error).toBeTruthy();
    const move = await avatars(bob.client).move(`${ada.id}/me.txt`, `${bob.id}/stolen.txt`);
    expect(move.error).toBeTruthy();
    const removed = await avatars(bob.client).remove([`${ada.id}/me.txt`]);
    expect(removed.data).toEqual([]);
    expect(await (await avatars(ada.client).download(`${ada.id}/me.txt`)).data!.text()).toBe('ada');
  });

  it('answers the refusal of an upload still being sent, keeping none of its bytes', async () => {
    const token = (await bob.client.auth.getSession()).data.session!.access_token;
    const { hostname, port } = new URL(sb.url);
    let chunks = 0;
    const answer = await new Promise<{ status: number; body: string; chunksSent: number }>((resolve, reject) => {
      let answered = false;
      const req = request(
        {
          hostname,
          port,
          method: 'POST',
          path: `/storage/v1/object/avatars/${ada.id}/slow.bin`,
          headers: {
            authorization: `Bearer ${token}`,
            apikey: sb.backend.deps.keys.anonKey,
            'content-type': 'application/octet-stream',
          },
        },
        (res) => {
          answered = true;
          const chunksSent = chunks;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body: text, chunksSent });
            req.destroy();
          });
        },
      );
      // Once answered, the connection may be closed on the rest of the body.
      req.on('error', (error) => (answered ? undefined : reject(error)));
      // Sent slowly, so that the refusal comes while the body is still arriving.
      const timer = setInterval(() => {
        if (answered || req.destroyed) return clearInterval(timer);
        if (chunks++ < 40) req.write(Buffer.alloc(64 * 1024, 1));
        else req.end();
      }, 10);
    });
    expect(answer.chunksSent).toBeLessThan(40);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await avatars(ada.client).exists(`${ada.id}/slow.bin`)).data).toBe(false);
    const tmp = path.join(sb.dataDir, 'storage', 'tmp');
    await until(() => readdirSync(tmp).length === 0, 5000, 'the temporary file to be removed');
  });

  it('answers a refused upload without closing the connection under the body still arriving', async () => {
    const token = (await bob.client.auth.getSession()).data.session!.access_token;
    const { hostname, port } = new URL(sb.url);
    const headers = { authorization: `Bearer ${token}`, apikey: sb.backend.deps.keys.anonKey };
    // One connection, kept: the second request goes on the connection the refused upload used, if it is still open.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    await avatars(ada.client).upload(`${ada.id}/probe.txt`, 'ada', { upsert: true });
    try {
      const refused = await new Promise<number>((resolve, reject) => {
        const chunk = Buffer.alloc(64 * 1024, 1);
        const req = request(
          {
            hostname,
            port,
            agent,
            method: 'POST',
            path: `/storage/v1/object/avatars/${ada.id}/kept.bin`,
            headers: { ...headers, 'content-length': String(40 * chunk.length) },
          },
          (res) => {
            // The rest of the body, sent once the answer came.
            for (let i = 1; i < 40; i++) req.write(chunk);
            req.end();
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(chunk);
      });
      expect(refused).toBe(400);
      const next = await new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const path = `/storage/v1/object/info/avatars/${ada.id}/probe.txt`;
        const req = request({ hostname, port, agent, path, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(next).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('shows nothing to anon, and refuses anon uploads', async () => {
    expect((await avatars(sb.anon).download(`${ada.id}/me.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await avatars(sb.anon).list(ada.id)).data).toEqual([]);
    expect((await avatars(sb.anon).upload('anon.txt', 'x')).error).toMatchObject({ statusCode: '403' });
    const signed = await avatars(sb.anon).createSignedUrl(`${ada.id}/me.txt`, 60);
    expect(signed.error).toMatchObject({ statusCode: '404' });
  });

  it('lets a person sign a URL for what they can read, which then works for anyone', async () => {
    const signed = await avatars(bob.client).createSignedUrl(`${ada.id}/me.txt`, 60);
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('ada');
  });

  it('records the owner of an upload', async () => {
    await avatars(bob.client).upload(`${bob.id}/owned.txt`, 'bob');
    const { rows } = await sb.backend.deps.db.query<{ owner: string; owner_id: string }>(
      'select owner::text as owner, owner_id from storage.objects where name = $1',
      [`${bob.id}/owned.txt`],
    );
    expect(rows[0]).toEqual({ owner: bob.id, owner_id: bob.id });
  });
});

describe('hostile input', () => {
  const auth = () => ({ authorization: `Bearer ${sb.backend.deps.keys.serviceRoleKey}` });
  const objectCount = async () =>
    Number((await sb.backend.deps.db.query<{ n: string }>('select count(*)::int as n from storage.objects')).rows[0].n);

  it.each([
    ['a parent segment', 'seeded/../../etc/passwd'],
    ['an encoded parent segment', 'seeded/%2E%2E/%2E%2E/secret'],
    ['an encoded slash before a parent', 'seeded/a%2F..%2F..%2Fb'],
    ['a NUL', 'seeded/a%00b'],
    ['a backslash', 'seeded/a%5C..%5Cb'],
    ['an empty segment', 'seeded/a//b'],
    ['a malformed escape', 'seeded/a%zz'],
  ])('refuses a key with %s, writing nothing', async (_name, path) => {
    const before = await objectCount();
    const upload = await rawRequest(
      sb.url,
      `/storage/v1/object/${path}`,
      'POST',
      { ...auth(), 'content-type': 'text/plain' },
      'x',
    );
    // A `..` (plain or encoded) is resolved by the URL parser before routing, so such a path never reaches a
    // bucket at all (404); everything else reaches storage and is refused as an invalid key (400).
    expect([400, 404]).toContain(upload.status);
    expect(upload.body).not.toMatch(/\/work|\/tmp|node_modules|at /);
    const read = await rawRequest(sb.url, `/storage/v1/object/${path}`, 'GET', auth());
    expect([400, 404]).toContain(read.status);
    expect(await objectCount()).toBe(before);
  });

  it('refuses a truncated multipart form, writing nothing', async () => {
    const before = await objectCount();
    const boundary = 'XyZ';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--${boundary}\r\nContent-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhalf of the fi`;
    const response = await fetch(`${sb.url}/storage/v1/object/seeded/truncated.txt`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(await objectCount()).toBe(before);
  });

  it('keeps nothing of an upload the client abandons halfway, and does not log it as a fault', async () => {
    const logged = vi.spyOn(console, 'error');
    const { hostname, port } = new URL(sb.url);
    const req = request({
      hostname,
      port,
      method: 'POST',
      path: '/storage/v1/object/seeded/abandoned.bin',
      headers: { ...auth(), 'content-type': 'application/octet-stream', 'content-length': String(2_000_000) },
    });
    req.on('error', () => {});
    req.write(Buffer.alloc(1_000_000, 1));
    const tmp = path.join(sb.dataDir, 'storage', 'tmp');
    // Abandoned once the server has begun to keep the body.
    await until(() => readdirSync(tmp).length > 0, 5000, 'the upload to begin');
    req.destroy();
    await until(() => readdirSync(tmp).length === 0, 5000, 'the temporary file to be removed');
    expect((await sb.service.storage.from('seeded').exists('abandoned.bin')).data).toBe(false);
    expect(logged.mock.calls.filter((call) => String(call[0]).includes('abandoned.bin'))).toEqual([]);
    logged.mockRestore();
  });

  it('refuses a declared Content-Length over the limit before reading', async () => {
    const response = await fetch(`${sb.url}/storage/v1/object/images/x.png`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'image/png', 'content-length': '5000000' },
      body: new Uint8Array(10),
      duplex: 'half',
    } as RequestInit).catch(() => undefined);
    if (response) expect(((await response.json()) as { statusCode: string }).statusCode).toMatch(/^4/);
    expect((await sb.service.storage.from('images').exists('x.png')).data).toBe(false);
  });

  it('refuses a signed download token for another object, and a forged one', async () => {
    const signed = await sb.service.storage.from('seeded').createSignedUrl('hello.txt', 60);
    const token = new URL(signed.data!.signedUrl).searchParams.get('token')!;
    const other = await fetch(`${sb.url}/storage/v1/object/sign/seeded/docs/brief.md?token=${token}`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ message: 'Invalid signature' });
    const forged = await fetch(`${sb.url}/storage/v1/object/sign/seeded/hello.txt?token=${token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(400);
    // An access token is no signed URL.
    const access = await fetch(
      `${sb.url}/storage/v1/object/sign/seeded/hello.txt?token=${sb.backend.deps.keys.serviceRoleKey}`,
    );
    expect(access.status).toBe(400);
  });
});
