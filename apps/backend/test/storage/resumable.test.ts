// Resumable uploads over TUS, with raw requests as tus-js-client sends them: created with Storage's metadata, sent in
// parts, cut off mid-part, the backend stopped and started again, and resumed from the offset it reports; the object
// exists only once the last byte has arrived.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './backend.ts';

let sb: StorageBackend;
beforeAll(async () => {
  sb = await startStorageBackend();
  await sb.service.storage.createBucket('big', { public: false, fileSizeLimit: 3_000_000 });
});
afterAll(() => sb.stop());

const b64 = (text: string) => Buffer.from(text).toString('base64');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const serviceAuth = () => bearer(sb.backend.deps.keys.serviceRoleKey);
const TUS = { 'tus-resumable': '1.0.0' };

async function create(size: number, objectName: string, headers = serviceAuth()): Promise<Response> {
  return fetch(`${sb.url}/storage/v1/upload/resumable`, {
    method: 'POST',
    headers: {
      ...TUS,
      ...headers,
      'upload-length': String(size),
      'upload-metadata': `bucketName ${b64('big')},objectName ${b64(objectName)},contentType ${b64('application/pdf')},cacheControl ${b64('3600')}`,
    },
  });
}

/** The upload's path on the current backend (its port changes on a restart). */
const uploadUrl = (location: string) => `${sb.url}${new URL(location).pathname}`;

function patch(location: string, offset: number, body: Buffer, headers: Record<string, string> = serviceAuth()) {
  return fetch(uploadUrl(location), {
    method: 'PATCH',
    headers: { ...TUS, ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });
}

async function offsetOf(location: string): Promise<number> {
  const head = await fetch(uploadUrl(location), { method: 'HEAD', headers: { ...TUS, ...serviceAuth() } });
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

/** Sends the first `sent` bytes of a part announced whole, then drops the connection. */
function dropMidPart(location: string, offset: number, body: Buffer, sent: number): Promise<void> {
  const url = new URL(uploadUrl(location));
  return new Promise((resolve) => {
    const req = request({
      hostname: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: {
        ...TUS,
        ...serviceAuth(),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(body.length),
      },
    });
    req.on('error', () => resolve());
    req.write(body.subarray(0, sent), () => setTimeout(() => (req.destroy(), resolve()), 300));
  });
}

describe('resumable uploads', () => {
  it('takes an upload in parts, resumes after a dropped connection and a restart, and only then shows it', async () => {
    const bytes = Buffer.alloc(2_000_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
    const created = await create(bytes.length, 'reports/year.pdf');
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;

    expect((await patch(location, 0, bytes.subarray(0, 500_000))).status).toBe(204);
    await dropMidPart(location, 500_000, bytes.subarray(500_000), 600_000);
    const storage = () => sb.service.storage.from('big');
    expect((await storage().exists('reports/year.pdf')).data).toBe(false);

    await sb.restart();
    const offset = await offsetOf(location);
    expect(offset).toBeGreaterThanOrEqual(500_000);
    expect((await fetch(`${sb.url}/storage/v1/object/big/reports/year.pdf`, { headers: serviceAuth() })).status).toBe(
      400,
    );

    const done = await patch(location, offset, bytes.subarray(offset));
    expect(done.status).toBe(204);
    const downloaded = await fetch(`${sb.url}/storage/v1/object/big/reports/year.pdf`, { headers: serviceAuth() });
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('application/pdf');
    expect(downloaded.headers.get('cache-control')).toBe('max-age=3600');
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses an upload over the bucket limit before any byte is sent, as tus-js-client reads refusals', async () => {
    const created = await create(3_500_000, 'too-big.pdf');
    expect(created.status).toBe(413);
    expect(await created.text()).toBe('Maximum size exceeded\n');
  });

  it('refuses an upload to a missing bucket, and an invalid key', async () => {
    const response = await fetch(`${sb.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        ...TUS,
        ...serviceAuth(),
        'upload-length': '10',
        'upload-metadata': `bucketName ${b64('nowhere')},objectName ${b64('a.txt')}`,
      },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Bucket not found');
    const escaping = await create(10, '../escape.pdf');
    expect(escaping.status).toBe(400);
    expect(await escaping.text()).toBe('Invalid key: ../escape.pdf');
  });

  it("lets people upload as row level security allows, and not continue someone else's upload", async () => {
    const ada = await sb.person();
    const bob = await sb.person();
    const token = async (client: typeof ada.client) => (await client.auth.getSession()).data.session!.access_token;
    const refused = await create(10, 'ada.pdf', bearer(await token(ada.client)));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe('new row violates row-level security policy');

    const own = await fetch(`${sb.url}/storage/v1/upload/resumable`, {
      method: 'POST',
      headers: {
        ...TUS,
        ...bearer(await token(ada.client)),
        'upload-length': '4',
        'upload-metadata': `bucketName ${b64('avatars')},objectName ${b64(`${ada.id}/face.png`)},contentType ${b64('image/png')}`,
      },
    });
    expect(own.status).toBe(201);
    const location = own.headers.get('location')!;
    const stolen = await patch(location, 0, Buffer.from('evil'), bearer(await token(bob.client)));
    expect(stolen.status).toBe(403);
    expect((await patch(location, 0, Buffer.from('face'), bearer(await token(ada.client)))).status).toBe(204);
    const read = await fetch(`${sb.url}/storage/v1/object/avatars/${ada.id}/face.png`, {
      headers: bearer(await token(bob.client)),
    });
    expect(await read.text()).toBe('face');
  });

  it('takes an upload through a signed upload URL, with its token in x-signature, as the owner it was signed for', async () => {
    const ada = await sb.person();
    const signed = await ada.client.storage.from('avatars').createSignedUploadUrl(`${ada.id}/resumed.txt`);
    expect(signed.error).toBeNull();
    const created = await fetch(`${sb.url}/storage/v1/upload/resumable/sign`, {
      method: 'POST',
      headers: {
        ...TUS,
        'x-signature': signed.data!.token,
        'upload-length': '5',
        'upload-metadata': `bucketName ${b64('avatars')},objectName ${b64(`${ada.id}/resumed.txt`)},contentType ${b64('text/plain')},metadata ${b64('{"via":"tus"}')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(new URL(location).pathname).toMatch(/^\/storage\/v1\/upload\/resumable\/sign\//);
    const withoutToken = await patch(location, 0, Buffer.from('hello'), {});
    expect(withoutToken.status).toBe(400);
    expect(await withoutToken.text()).toBe('Missing x-signature header');
    const done = await patch(location, 0, Buffer.from('hello'), { 'x-signature': signed.data!.token });
    expect(done.status).toBe(204);
    const info = await ada.client.storage.from('avatars').info(`${ada.id}/resumed.txt`);
    expect(info.data).toMatchObject({ size: 5, metadata: { via: 'tus' } });
    const [{ rows }] = await sb.backend.deps.db.batch([
      { text: 'select owner_id from storage.objects where name = $1', params: [`${ada.id}/resumed.txt`] },
    ]);
    expect(rows).toEqual([{ owner_id: ada.id }]);

    // The token names one object: another name, a forged token or none is refused in plain text.
    const elsewhere = await fetch(`${sb.url}/storage/v1/upload/resumable/sign`, {
      method: 'POST',
      headers: {
        ...TUS,
        'x-signature': signed.data!.token,
        'upload-length': '5',
        'upload-metadata': `bucketName ${b64('avatars')},objectName ${b64(`${ada.id}/other.txt`)}`,
      },
    });
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toBe('Invalid signature');
    const forged = await fetch(`${sb.url}/storage/v1/upload/resumable/sign`, {
      method: 'POST',
      headers: { ...TUS, 'x-signature': 'not-a-token', 'upload-length': '5' },
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe('jwt malformed');
  });

  it('spends a signed upload URL once, on either route: its token cannot upload again', async () => {
    const ada = await sb.person();
    const name = `${ada.id}/once.txt`;
    const signed = await ada.client.storage.from('avatars').createSignedUploadUrl(name, { upsert: true });
    const token = signed.data!.token;
    const resumable = async () => {
      const created = await fetch(`${sb.url}/storage/v1/upload/resumable/sign`, {
        method: 'POST',
        headers: {
          ...TUS,
          'x-signature': token,
          'upload-length': '5',
          'upload-metadata': `bucketName ${b64('avatars')},objectName ${b64(name)},contentType ${b64('text/plain')}`,
        },
      });
      expect(created.status).toBe(201);
      return patch(created.headers.get('location')!, 0, Buffer.from('hello'), { 'x-signature': token });
    };
    expect((await resumable()).status).toBe(204);
    const again = await resumable();
    expect(again.status).toBe(400);
    expect(await again.text()).toBe('The signed upload URL has already been used');
    const byPut = await ada.client.storage.from('avatars').uploadToSignedUrl(name, token, new Blob(['other']));
    expect(byPut.error?.message).toBe('The signed upload URL has already been used');
    const { data } = await ada.client.storage.from('avatars').download(name);
    expect(await data!.text()).toBe('hello');
  });
});
