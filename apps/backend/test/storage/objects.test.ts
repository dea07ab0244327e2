// Objects through supabase-js: upload (raw, Blob/multipart, stream), upsert, replace, metadata, limits, download with
// ranges and conditional requests, info, exists, list v1 and v2, move, copy, remove, public and signed URLs.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './backend.ts';
import { until } from '../wait.ts';

let sb: StorageBackend;
beforeAll(async () => {
  sb = await startStorageBackend();
  await sb.service.storage.createBucket('docs', { public: false });
  await sb.service.storage.createBucket('open', { public: true });
});
afterAll(() => sb.stop());

const docs = () => sb.service.storage.from('docs');
/** Every file under the local store (objects and temporary files), relative to it. */
const storedFiles = () =>
  readdirSync(path.join(sb.dataDir, 'storage'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(sb.dataDir, 'storage'), path.join(entry.parentPath, entry.name)))
    .sort();
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('uploading', () => {
  it('uploads a string with the defaults of storage-js, and answers id, path and fullPath', async () => {
    const { data, error } = await docs().upload('notes/first.txt', 'first words');
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'notes/first.txt', fullPath: 'docs/notes/first.txt' });
    expect(data!.id).toMatch(/^[0-9a-f-]{36}$/);
    const info = await docs().info('notes/first.txt');
    expect(info.data).toMatchObject({
      name: 'notes/first.txt',
      bucketId: 'docs',
      size: 11,
      contentType: 'text/plain;charset=UTF-8',
      cacheControl: 'max-age=3600',
      // No user metadata given is an empty object, and the info has no updated time, as Storage answers.
      metadata: {},
    });
    expect(info.data).not.toHaveProperty('updatedAt');
  });

  it('uploads a Blob as a multipart form, with its type, cache control and user metadata', async () => {
    const blob = new Blob([PNG], { type: 'image/png' });
    const { error } = await docs().upload('pics/dot.png', blob, { cacheControl: '60', metadata: { by: 'ada' } });
    expect(error).toBeNull();
    const info = (await docs().info('pics/dot.png')).data!;
    expect(info).toMatchObject({ contentType: 'image/png', cacheControl: 'max-age=60', size: PNG.length });
    expect(info.metadata).toEqual({ by: 'ada' });
  });

  it('uploads a stream, with metadata in x-metadata', async () => {
    const stream = Readable.from([Buffer.from('one '), Buffer.from('two')]);
    const { error } = await docs().upload('streamed.txt', stream as never, {
      contentType: 'text/plain',
      metadata: { n: 2 },
    });
    expect(error).toBeNull();
    const text = await (await docs().download('streamed.txt')).data!.text();
    expect(text).toBe('one two');
    expect((await docs().info('streamed.txt')).data!.metadata).toEqual({ n: 2 });
  });

  it('refuses the same name twice unless upsert, then replaces the bytes', async () => {
    await docs().upload('twice.txt', 'old');
    const filesBefore = storedFiles();
    const again = await docs().upload('twice.txt', 'new');
    expect(again.error).toMatchObject({ message: 'The resource already exists', statusCode: '409' });
    // The refused bytes are not kept, in the store nor as a temporary file.
    expect(storedFiles()).toEqual(filesBefore);
    expect((await docs().upload('twice.txt', 'newer', { upsert: true })).error).toBeNull();
    expect(await (await docs().download('twice.txt')).data!.text()).toBe('newer');
    expect((await docs().update('twice.txt', 'newest')).error).toBeNull();
    expect(await (await docs().download('twice.txt')).data!.text()).toBe('newest');
  });

  it('refuses an update of an object that does not exist', async () => {
    const { error } = await docs().update('missing.txt', 'x');
    expect(error).toMatchObject({ message: 'Object not found', statusCode: '404' });
  });

  it('enforces the bucket size limit and MIME types while streaming', async () => {
    const images = sb.service.storage.from('images');
    const big = new Blob([Buffer.concat([PNG, Buffer.alloc(1_100_000)])], { type: 'image/png' });
    const tooBig = await images.upload('big.png', big);
    expect(tooBig.error).toMatchObject({ message: 'The object exceeded the maximum allowed size', statusCode: '413' });
    const wrongType = await images.upload('page.html', '<html>', { contentType: 'text/html' });
    expect(wrongType.error).toMatchObject({ message: 'mime type text/html is not supported', statusCode: '415' });
    const spoofed = await images.upload('fake.png', '<html>', { contentType: 'image/png' });
    expect(spoofed.error).toMatchObject({ statusCode: '415' });
    expect((await images.upload('real.png', new Blob([PNG], { type: 'image/png' }))).error).toBeNull();
    const listed = (await images.list()).data!.map((entry) => entry.name);
    expect(listed).toEqual(['real.png']);
  });

  it('takes an image of another format than declared, and a signature that arrives a byte at a time', async () => {
    const images = sb.service.storage.from('images');
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
    // Storage takes a JPEG declared as image/png: it is an image either way.
    expect((await images.upload('photo.png', jpeg, { contentType: 'image/png', upsert: true })).error).toBeNull();
    const trickled = Readable.from([...PNG].map((byte) => Buffer.from([byte])));
    const slow = await images.upload('slow.png', trickled as never, { contentType: 'image/png', upsert: true });
    expect(slow.error).toBeNull();
    const downloaded = await images.download('slow.png');
    expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(PNG);
    const trickledPage = Readable.from([...Buffer.from('<html><script>')].map((byte) => Buffer.from([byte])));
    const page = await images.upload('page.png', trickledPage as never, { contentType: 'image/png' });
    expect(page.error).toMatchObject({ statusCode: '415' });
  });

  it('enforces the global limit of config.toml on a raw body without Content-Length', async () => {
    const chunks = (function* () {
      for (let i = 0; i < 6; i++) yield Buffer.alloc(1024 * 1024, 1);
    })();
    const { error } = await docs().upload('huge.bin', Readable.from(chunks) as never, {
      contentType: 'application/octet-stream',
    });
    expect(error).toMatchObject({ statusCode: '413' });
    expect((await docs().exists('huge.bin')).data).toBe(false);
  });
});

describe('downloading', () => {
  it('sends the stored type and cache control, ETag and Last-Modified, and 304 for a matching ETag', async () => {
    await docs().upload('dl/a.txt', 'abcdefghij', { contentType: 'text/csv', cacheControl: '120' });
    const url = `${sb.url}/storage/v1/object/docs/dl/a.txt`;
    const auth = { authorization: `Bearer ${sb.backend.deps.keys.serviceRoleKey}` };
    const response = await fetch(url, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv');
    expect(response.headers.get('cache-control')).toBe('max-age=120');
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(response.headers.get('last-modified')).toMatch(/GMT$/);
    expect(await response.text()).toBe('abcdefghij');
    const cached = await fetch(url, { headers: { ...auth, 'if-none-match': etag } });
    expect(cached.status).toBe(304);
    const ranged = await fetch(url, { headers: { ...auth, range: 'bytes=2-4' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 2-4/10');
    expect(await ranged.text()).toBe('cde');
    const head = await fetch(url, { method: 'HEAD', headers: auth });
    expect(head.headers.get('content-length')).toBe('10');
  });

  it('sends a file of several read buffers byte for byte, whole, by a range across them, and to concurrent readers', async () => {
    const bytes = randomBytes(1_300_000);
    await docs().upload('dl/random.bin', bytes, { contentType: 'application/octet-stream' });
    const url = `${sb.url}/storage/v1/object/docs/dl/random.bin`;
    const auth = { authorization: `Bearer ${sb.backend.deps.keys.serviceRoleKey}` };
    const wholes = await Promise.all(
      Array.from({ length: 4 }, async () =>
        Buffer.from(await (await docs().download('dl/random.bin')).data!.arrayBuffer()),
      ),
    );
    for (const whole of wholes) expect(whole.equals(bytes)).toBe(true);
    const ranged = await fetch(url, { headers: { ...auth, range: 'bytes=250000-1100000' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(250_000, 1_100_001))).toBe(true);
  });

  it('sends CORS headers to an allowed origin, on the whole body, a range, 304 and HEAD alike', async () => {
    const url = `${sb.url}/storage/v1/object/docs/dl/a.txt`;
    const headers = { authorization: `Bearer ${sb.backend.deps.keys.serviceRoleKey}`, origin: 'http://127.0.0.1:3000' };
    const whole = await fetch(url, { headers });
    const etag = whole.headers.get('etag')!;
    for (const response of [
      whole,
      await fetch(url, { headers: { ...headers, range: 'bytes=0-1' } }),
      await fetch(url, { headers: { ...headers, 'if-none-match': etag } }),
      await fetch(url, { method: 'HEAD', headers }),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
      expect(response.headers.get('access-control-expose-headers')).toContain('etag');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await response.arrayBuffer();
    }
  });

  it('closes the file of a download the client abandons', async () => {
    await docs().upload('dl/big.bin', new Uint8Array(4_000_000), { contentType: 'application/octet-stream' });
    const objectsDir = path.join(sb.dataDir, 'storage', 'objects');
    const openObjectFiles = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith(objectsDir);
        } catch {
          return false; // Closed while listed.
        }
      }).length;
    const { hostname, port } = new URL(sb.url);
    const openWhileReading = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          hostname,
          port,
          path: '/storage/v1/object/docs/dl/big.bin',
          headers: { authorization: `Bearer ${sb.backend.deps.keys.serviceRoleKey}` },
        },
        (res) => {
          res.once('data', () => {
            resolve(openObjectFiles());
            req.destroy();
          });
        },
      );
      req.on('error', () => {}).end();
      setTimeout(() => reject(new Error('no bytes arrived')), 10_000).unref();
    });
    expect(openWhileReading).toBeGreaterThan(0);
    await until(() => openObjectFiles() === 0, 5000, 'the file to be closed');
  });

  it('answers a missing object with Object not found, and exists() with false', async () => {
    const { error } = await docs().download('nothing.txt');
    expect(error).toMatchObject({ statusCode: '404' });
    expect((await docs().exists('nothing.txt')).data).toBe(false);
    expect((await docs().exists('dl/a.txt')).data).toBe(true);
  });

  it('serves public URLs of a public bucket only, with download as an attachment', async () => {
    await sb.service.storage.from('open').upload('logo.png', new Blob([PNG], { type: 'image/png' }));
    const { publicUrl } = sb.anon.storage.from('open').getPublicUrl('logo.png', { download: 'brand.png' }).data;
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      "attachment; filename=brand.png; filename*=UTF-8''brand.png;",
    );
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    const privateUrl = sb.anon.storage.from('docs').getPublicUrl('dl/a.txt').data.publicUrl;
    expect((await fetch(privateUrl)).status).toBe(400);
  });

  it('signs download URLs, one or several, that expire', async () => {
    const signed = await docs().createSignedUrl('dl/a.txt', 60);
    expect(signed.error).toBeNull();
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('abcdefghij');
    const batch = await docs().createSignedUrls(['dl/a.txt', 'nope.txt'], 60);
    expect(batch.data![0].signedUrl).toContain('/object/sign/docs/dl/a.txt?token=');
    expect(batch.data![1]).toMatchObject({ path: 'nope.txt', signedUrl: null });
    expect(batch.data![1].error).toBeTruthy();
    const short = await docs().createSignedUrl('dl/a.txt', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const expired = await fetch(short.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toMatchObject({ message: 'jwt expired' });
  });
});

describe('signed URLs fetched again', () => {
  it('serve what the object is now after a replacement, a move, a removal and a change made in SQL', async () => {
    await docs().upload('again/a.txt', 'first', { contentType: 'text/plain' });
    const url = (await docs().createSignedUrl('again/a.txt', 60)).data!.signedUrl;
    const body = async () => {
      const response = await fetch(url);
      return `${response.status} ${await response.text()}`;
    };
    expect(await body()).toBe('200 first');
    await docs().upload('again/a.txt', 'second', { contentType: 'text/plain', upsert: true });
    expect(await body()).toBe('200 second');
    // A change written in SQL is heard through the database's notification.
    await sb.backend.deps.db.query(
      `update storage.objects set metadata = jsonb_set(metadata, '{cacheControl}', '"max-age=7"')
       where bucket_id = 'docs' and name = 'again/a.txt'`,
    );
    await expect.poll(async () => (await fetch(url)).headers.get('cache-control'), { timeout: 5000 }).toBe('max-age=7');
    await docs().move('again/a.txt', 'again/b.txt');
    expect(await body()).toMatch(/^400 /);
    await docs().move('again/b.txt', 'again/a.txt');
    expect(await body()).toBe('200 second');
    await docs().remove(['again/a.txt']);
    expect(await body()).toMatch(/^400 /);
  });
});

describe('the row an upload wrote', () => {
  it('is kept for the next download, and read again once someone else changes the object', async () => {
    await docs().upload('kept/a.txt', 'first', { contentType: 'text/plain' });
    const { data } = await docs().upload('kept/a.txt', 'second', { contentType: 'text/plain', upsert: true });
    const storage = sb.backend.deps.storage!;
    let reads = 0;
    const kept = () =>
      storage.objects.find('docs\0kept/a.txt', async () => {
        reads += 1;
        return undefined;
      });
    // The upload's own notice of the change (it comes at once or a moment later) leaves the row it wrote.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await kept())?.id).toBe(data!.id);
    expect((await kept())?.metadata?.size).toBe('second'.length);
    expect(reads).toBe(0);
    // A change made elsewhere is heard of, and the row is read again.
    await sb.backend.deps.db.query(
      `update storage.objects set metadata = jsonb_set(metadata, '{cacheControl}', '"max-age=7"')
       where bucket_id = 'docs' and name = 'kept/a.txt'`,
    );
    await expect.poll(async () => (await kept(), reads), { timeout: 1500 }).toBeGreaterThan(0);
  });
});

describe('listing', () => {
  beforeAll(async () => {
    for (const name of ['l/b.txt', 'l/a.txt', 'l/sub/c.txt', 'l/sub/deep/d.txt', 'l/c.txt']) {
      await docs().upload(name, name);
    }
  });

  it('lists one level with folders, sorted by name, with limit, offset and search', async () => {
    const { data } = await docs().list('l');
    expect(data!.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['a.txt', false],
      ['b.txt', false],
      ['c.txt', false],
      ['sub', true],
    ]);
    expect(data![0].metadata).toMatchObject({ size: 7, mimetype: 'text/plain;charset=UTF-8' });
    const page = await docs().list('l', { limit: 2, offset: 1 });
    expect(page.data!.map((entry) => entry.name)).toEqual(['b.txt', 'c.txt']);
    const desc = await docs().list('l', { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((entry) => entry.name)).toEqual(['sub', 'c.txt', 'b.txt', 'a.txt']);
    const search = await docs().list('l', { search: 'b' });
    expect(search.data!.map((entry) => entry.name)).toEqual(['b.txt']);
  });

  it('lists v2 with a cursor and delimiter folders, named as Storage names them', async () => {
    const first = await docs().listV2({ prefix: 'l/', limit: 2, with_delimiter: true });
    expect(first.error).toBeNull();
    // An object's name is its whole key, its key the part below the prefix's folder.
    expect(first.data!.objects.map((object) => [object.name, object.key])).toEqual([
      ['l/a.txt', 'a.txt'],
      ['l/b.txt', 'b.txt'],
    ]);
    expect(first.data!.hasNext).toBe(true);
    const second = await docs().listV2({
      prefix: 'l/',
      limit: 2,
      with_delimiter: true,
      cursor: first.data!.nextCursor,
    });
    expect(second.data!.objects.map((object) => object.name)).toEqual(['l/c.txt']);
    // A folder's name is its path with the trailing slash, its key its own segment.
    expect(second.data!.folders).toEqual([{ key: 'sub', name: 'l/sub/' }]);
    expect(second.data!.hasNext).toBe(false);
  });

  it('lists v2 without the delimiter: every key under a prefix that is not a whole folder name', async () => {
    const { data, error } = await docs().listV2({ prefix: 'l/s' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ hasNext: false, folders: [] });
    expect(data!.objects.map((object) => object.name)).toEqual(['l/sub/c.txt', 'l/sub/deep/d.txt']);
  });

  it('pages v2 by creation time either way, and refuses a sort column or cursor it does not know', async () => {
    for (const name of ['t/3', 't/1', 't/2']) await docs().upload(name, name);
    const pages = async (order: 'asc' | 'desc') => {
      const names: string[][] = [];
      let cursor: string | undefined;
      do {
        const { data, error } = await docs().listV2({
          prefix: 't/',
          limit: 2,
          cursor,
          sortBy: { column: 'created_at', order },
        });
        expect(error).toBeNull();
        names.push(data!.objects.map((object) => object.name));
        cursor = data!.hasNext ? data!.nextCursor : undefined;
      } while (cursor);
      return names;
    };
    expect(await pages('asc')).toEqual([['t/3', 't/1'], ['t/2']]);
    expect(await pages('desc')).toEqual([['t/2', 't/1'], ['t/3']]);
    const badColumn = await docs().listV2({ sortBy: { column: 'size' as never } });
    expect(badColumn.error).toMatchObject({ statusCode: '400' });
    const badCursor = await docs().listV2({ cursor: 'not a cursor' });
    expect(badCursor.error).toMatchObject({ statusCode: '400', message: 'Invalid cursor' });
  });
});

describe('moving, copying and removing', () => {
  it('moves within and across buckets', async () => {
    await docs().upload('m/one.txt', 'one');
    expect((await docs().move('m/one.txt', 'm/two.txt')).data).toEqual({ message: 'Successfully moved' });
    expect((await docs().exists('m/one.txt')).data).toBe(false);
    expect((await docs().move('m/two.txt', 'moved.txt', { destinationBucket: 'open' })).error).toBeNull();
    expect(await (await sb.service.storage.from('open').download('moved.txt')).data!.text()).toBe('one');
    expect((await docs().move('m/none.txt', 'x.txt')).error).toMatchObject({ statusCode: '404' });
  });

  it('copies within and across buckets, keeping the source', async () => {
    await docs().upload('c/src.txt', 'copy me', { metadata: { k: 'v' } });
    expect((await docs().copy('c/src.txt', 'c/dst.txt')).data).toEqual({ path: 'docs/c/dst.txt' });
    expect((await docs().copy('c/src.txt', 'copied.txt', { destinationBucket: 'open' })).error).toBeNull();
    expect(await (await docs().download('c/dst.txt')).data!.text()).toBe('copy me');
    expect((await docs().info('c/dst.txt')).data!.metadata).toEqual({ k: 'v' });
    expect(await (await sb.service.storage.from('open').download('copied.txt')).data!.text()).toBe('copy me');
    expect((await docs().copy('c/src.txt', 'c/dst.txt')).error).toMatchObject({ statusCode: '409' });
  });

  it('removes several objects at once, answering those removed', async () => {
    await docs().upload('r/1.txt', '1');
    await docs().upload('r/2.txt', '2');
    const { data, error } = await docs().remove(['r/1.txt', 'r/2.txt', 'r/none.txt']);
    expect(error).toBeNull();
    expect(data!.map((object) => object.name).sort()).toEqual(['r/1.txt', 'r/2.txt']);
    expect((await docs().exists('r/1.txt')).data).toBe(false);
  });

  it('deletes the bytes of rows deleted with SQL (a trigger, a cascade) as soon as that commits', async () => {
    await docs().upload('sql/gone.txt', 'bytes');
    const { rows } = await sb.backend.deps.db.query<{ version: string }>(
      "select version from storage.objects where bucket_id = 'docs' and name = 'sql/gone.txt'",
    );
    const version = rows[0].version;
    const file = path.join(sb.dataDir, 'storage', 'objects', version.slice(0, 2), version);
    expect(existsSync(file)).toBe(true);
    await sb.backend.deps.db.query("delete from storage.objects where bucket_id = 'docs' and name = 'sql/gone.txt'");
    await until(() => !existsSync(file), 10_000, 'the bytes to be deleted');
    // The note goes right after its bytes (never before them), so it may still be there for a moment.
    const noteGone = async () =>
      (await sb.backend.deps.db.query('select 1 from _backend.storage_garbage where version = $1', [version])).rows
        .length === 0;
    await until(noteGone, 10_000, 'the note of the deleted bytes to go');
  });

  it('works off any number of notes of unused bytes, a batch at a time', async () => {
    const replaced = await docs().upload('gc/a.txt', 'first');
    expect(replaced.error).toBeNull();
    const version = async () =>
      (
        await sb.backend.deps.db.query<{ version: string }>(
          "select version from storage.objects where bucket_id = 'docs' and name = 'gc/a.txt'",
        )
      ).rows[0].version;
    const first = await version();
    await sb.backend.deps.db.query(
      `insert into _backend.storage_garbage (version)
       select gen_random_uuid()::text from generate_series(1, 2500)`,
    );
    await docs().upload('gc/a.txt', 'second', { upsert: true });
    await sb.backend.deps.storage!.collectGarbage();
    const left = await sb.backend.deps.db.query('select version from _backend.storage_garbage');
    expect(left.rows).toEqual([]);
    expect(existsSync(path.join(sb.dataDir, 'storage', 'objects', first.slice(0, 2), first))).toBe(false);
    const second = await version();
    expect(existsSync(path.join(sb.dataDir, 'storage', 'objects', second.slice(0, 2), second))).toBe(true);
  });
});

describe('signed upload URLs', () => {
  it('uploads once with the token, and refuses it a second time', async () => {
    const signed = await docs().createSignedUploadUrl('su/file.txt');
    expect(signed.error).toBeNull();
    const anonDocs = sb.anon.storage.from('docs');
    const first = await anonDocs.uploadToSignedUrl('su/file.txt', signed.data!.token, 'signed bytes');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ path: 'su/file.txt', fullPath: 'docs/su/file.txt' });
    // A second use finds the name taken, and is refused as Storage refuses it.
    const second = await anonDocs.uploadToSignedUrl('su/file.txt', signed.data!.token, 'again', { upsert: true });
    expect(second.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    expect(await (await docs().download('su/file.txt')).data!.text()).toBe('signed bytes');
  });

  it('replaces an object with an upsert token once, and refuses the token a second time', async () => {
    await docs().upload('su/replaced.txt', 'before');
    const signed = await docs().createSignedUploadUrl('su/replaced.txt', { upsert: true });
    const anonDocs = sb.anon.storage.from('docs');
    expect((await anonDocs.uploadToSignedUrl('su/replaced.txt', signed.data!.token, 'after')).error).toBeNull();
    const again = await anonDocs.uploadToSignedUrl('su/replaced.txt', signed.data!.token, 'third');
    expect(again.error).toMatchObject({ statusCode: '400', message: 'The signed upload URL has already been used' });
    expect(await (await docs().download('su/replaced.txt')).data!.text()).toBe('after');
  });

  it('refuses a token made for another path', async () => {
    const signed = await docs().createSignedUploadUrl('su/mine.txt');
    const other = await sb.anon.storage.from('docs').uploadToSignedUrl('su/other.txt', signed.data!.token, 'x');
    expect(other.error).toMatchObject({ message: 'Invalid signature' });
    expect((await docs().exists('su/other.txt')).data).toBe(false);
  });
});

describe('seeded from config.toml', () => {
  it('has the files of objects_path in the bucket', async () => {
    const seeded = sb.anon.storage.from('seeded');
    const response = await fetch(seeded.getPublicUrl('docs/brief.md').data.publicUrl);
    expect(await response.text()).toBe('# brief\n');
    expect(response.headers.get('content-type')).toBe('text/markdown');
  });
});
