// Answers as Supabase Storage gives them where a client or browser can tell: how objects are served (type, download
// names), who may read a public bucket, the empty folder placeholder, user metadata, copies, bulk removal, and the
// error of a bucket that is not empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './backend.ts';

let sb: StorageBackend;
let base: string;
let service: Record<string, string>;
let anon: Record<string, string>;
beforeAll(async () => {
  sb = await startStorageBackend();
  base = `${sb.url}/storage/v1`;
  const { keys } = sb.backend.deps;
  service = { authorization: `Bearer ${keys.serviceRoleKey}`, apikey: keys.serviceRoleKey };
  anon = { authorization: `Bearer ${keys.anonKey}`, apikey: keys.anonKey };
  await sb.service.storage.createBucket('private-files', { public: false });
  await sb.service.storage.createBucket('public-files', { public: true });
  await sb.service.storage.createBucket('jpegs', {
    public: false,
    allowedMimeTypes: ['image/jpeg'],
    fileSizeLimit: 10,
  });
});
afterAll(() => sb.stop());

const JSON_TYPE = { 'content-type': 'application/json' };
const put = (bucket: string, key: string, body: string, type = 'text/plain') =>
  sb.service.storage
    .from(bucket)
    .upload(key, body, { contentType: type, upsert: true })
    .then(({ error }) => expect(error).toBeNull());
const formWith = (
  bytes: Uint8Array<ArrayBuffer>,
  type = 'application/octet-stream',
  fields: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type }), 'file');
  return form;
};

describe('serving objects', () => {
  it('serves an HTML object as text/plain, so it never runs as a page of this origin', async () => {
    await put('public-files', 'page.html', '<script>alert(1)</script>', 'text/html');
    const response = await fetch(`${base}/object/public/public-files/page.html`);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('<script>alert(1)</script>');
  });

  it('names a download as Storage does: a bare attachment, or the asked name percent-encoded', async () => {
    await put('private-files', 'report.txt', 'numbers');
    const bare = await fetch(`${base}/object/authenticated/private-files/report.txt?download`, { headers: service });
    expect(bare.headers.get('content-disposition')).toBe('attachment;');
    const named = await fetch(`${base}/object/private-files/report.txt?download=${encodeURIComponent('my "r".txt')}`, {
      headers: service,
    });
    expect(named.headers.get('content-disposition')).toBe(
      `attachment; filename=my%20%22r%22.txt; filename*=UTF-8''my%20%22r%22.txt;`,
    );
  });
});

describe('reading a public bucket', () => {
  it('serves it to anyone on every download and info route, with no policy needed', async () => {
    await put('public-files', 'shared.txt', 'for all');
    for (const headers of [{}, anon]) {
      expect(await (await fetch(`${base}/object/public-files/shared.txt`, { headers })).text()).toBe('for all');
      const info = await fetch(`${base}/object/info/public-files/shared.txt`, { headers });
      expect(await info.json()).toMatchObject({ name: 'shared.txt', size: 7 });
    }
    const asAnon = await fetch(`${base}/object/authenticated/public-files/shared.txt`, { headers: anon });
    expect(await asAnon.text()).toBe('for all');
  });

  it('refuses a request without a token any bucket but a public one, and names a missing bucket as missing', async () => {
    await put('private-files', 'secret.txt', 'hidden');
    const noToken = await fetch(`${base}/object/private-files/secret.txt`);
    const noBucket = await fetch(`${base}/object/no-such-bucket/secret.txt`);
    for (const refused of [noToken, noBucket]) {
      expect(await refused.json()).toEqual({
        statusCode: '403',
        code: 'AccessDenied',
        error: 'Unauthorized',
        message: 'Access denied to this bucket',
      });
    }
    const missing = await fetch(`${base}/object/no-such-bucket/secret.txt`, { headers: service });
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    const notVisible = await fetch(`${base}/object/private-files/secret.txt`, { headers: anon });
    expect(await notVisible.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });
});

describe('uploading', () => {
  it('takes an empty folder placeholder whatever types the bucket allows, and only empty', async () => {
    const empty = await fetch(`${base}/object/jpegs/folder/.emptyFolderPlaceholder`, {
      method: 'POST',
      headers: service,
      body: formWith(new Uint8Array(0)),
    });
    expect(empty.status).toBe(200);
    const notEmpty = await fetch(`${base}/object/jpegs/other/.emptyFolderPlaceholder`, {
      method: 'POST',
      headers: service,
      body: formWith(new Uint8Array(1)),
    });
    expect(await notEmpty.json()).toMatchObject({ statusCode: '413', error: 'Payload too large' });
  });

  it("measures a form's file, not the form, against the bucket's size limit", async () => {
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3, 4, 5, 6, 7]);
    const response = await fetch(`${base}/object/jpegs/ten-bytes.jpg`, {
      method: 'POST',
      headers: service,
      body: formWith(jpeg, 'image/jpeg'),
    });
    expect(response.status).toBe(200);
  });

  it('ignores user metadata that is not a JSON object, as Storage does, instead of refusing the file', async () => {
    const response = await fetch(`${base}/object/private-files/odd-metadata.txt`, {
      method: 'POST',
      headers: service,
      body: formWith(new TextEncoder().encode('x'), 'text/plain', { metadata: '{not json' }),
    });
    expect(response.status).toBe(200);
    const info = await fetch(`${base}/object/info/private-files/odd-metadata.txt`, { headers: service });
    expect((await info.json()).metadata).toEqual({});
  });
});

describe('copying', () => {
  it('without the metadata, takes the type and cache control of the body and the user metadata of x-metadata', async () => {
    await put('private-files', 'original.txt', 'copy me');
    const response = await fetch(`${base}/object/copy`, {
      method: 'POST',
      headers: {
        ...service,
        ...JSON_TYPE,
        'x-metadata': Buffer.from(JSON.stringify({ label: 'copy' })).toString('base64'),
      },
      body: JSON.stringify({
        bucketId: 'private-files',
        sourceKey: 'original.txt',
        destinationKey: 'copied.txt',
        copyMetadata: false,
        metadata: { cacheControl: 'max-age=999', mimetype: 'image/gif' },
      }),
    });
    const copied = await response.json();
    expect(copied).toMatchObject({
      Key: 'private-files/copied.txt',
      name: 'copied.txt',
      bucket_id: 'private-files',
      metadata: { cacheControl: 'max-age=999', mimetype: 'image/gif', size: 7 },
      user_metadata: { label: 'copy' },
    });
    expect(copied.Id).toBe(copied.id);
    const info = await fetch(`${base}/object/info/private-files/copied.txt`, { headers: service });
    expect(await info.json()).toMatchObject({ content_type: 'image/gif', metadata: { label: 'copy' } });
  });

  it('keeps no user metadata when none is sent and copyMetadata is false', async () => {
    await put('private-files', 'plain.txt', 'plain');
    const response = await fetch(`${base}/object/copy`, {
      method: 'POST',
      headers: { ...service, ...JSON_TYPE },
      body: JSON.stringify({
        bucketId: 'private-files',
        sourceKey: 'plain.txt',
        destinationKey: 'plain-copy.txt',
        copyMetadata: false,
      }),
    });
    expect((await response.json()).user_metadata).toBeNull();
  });
});

describe('removing', () => {
  it('removes any number of objects at once, answering those removed', async () => {
    await put('private-files', 'many/0', 'zero');
    const prefixes = Array.from({ length: 2001 }, (_, i) => `many/${i}`);
    const response = await fetch(`${base}/object/private-files`, {
      method: 'DELETE',
      headers: { ...service, ...JSON_TYPE },
      body: JSON.stringify({ prefixes }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).map((row: { name: string }) => row.name)).toEqual(['many/0']);
  });

  it('refuses to delete a bucket that is not empty with the code Storage sends', async () => {
    await put('private-files', 'keeps-it.txt', 'here');
    const response = await fetch(`${base}/bucket/private-files`, { method: 'DELETE', headers: service });
    expect(await response.json()).toEqual({
      statusCode: '409',
      code: 'InvalidRequest',
      error: 'InvalidRequest',
      message: 'The bucket you tried to delete is not empty',
    });
  });
});

describe('object keys', () => {
  it('takes tab, line feed and carriage return in a key, and refuses other control characters and noncharacters', async () => {
    const key = 'lines/a\tb\nc\rd.txt';
    await put('private-files', key, 'odd name');
    const { data } = await sb.service.storage.from('private-files').download(key);
    expect(await data!.text()).toBe('odd name');
    for (const bad of ['bell\u0007.txt', 'end\uffff.txt']) {
      const { error } = await sb.service.storage.from('private-files').upload(bad, 'x');
      expect(error).toMatchObject({ statusCode: '400' });
    }
  });
});

describe('listing one level', () => {
  it('matches the prefix whatever its case, as Storage does', async () => {
    await put('public-files', 'Reports/2024.txt', 'a');
    await put('public-files', 'Reports/2025.txt', 'b');
    const { data } = await sb.service.storage.from('public-files').list('REPORTS');
    expect(data!.map((entry) => entry.name)).toEqual(['2024.txt', '2025.txt']);
  });
});
