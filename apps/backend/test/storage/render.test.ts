// Image transformation through supabase-js: download with a transform (authenticated), public URLs with a transform,
// and signed URLs carrying one; width, height, resize, quality, format by Accept or `origin`, X-Transformations, and
// cached results.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../wait.ts';
import { startStorageBackend, type StorageBackend } from './backend.ts';

let sb: StorageBackend;
let png: Buffer;
beforeAll(async () => {
  sb = await startStorageBackend();
  png = await sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .png()
    .toBuffer();
  await sb.service.storage.createBucket('pics', { public: true });
  await sb.service.storage.from('pics').upload('wide.png', new Blob([new Uint8Array(png)], { type: 'image/png' }));
  await sb.service.storage.from('pics').upload('note.txt', 'not an image');
});
afterAll(() => sb.stop());

const pics = () => sb.service.storage.from('pics');
const cacheDir = () => path.join(sb.dataDir, 'storage', 'render-cache');

/** The file of the render cache holding `bytes`. */
function cachedFileOf(bytes: Buffer): string {
  const entries = readdirSync(cacheDir(), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const found = entries.find((entry) => readFileSync(path.join(entry.parentPath, entry.name)).equals(bytes))!;
  return path.join(found.parentPath, found.name);
}

/** The headers a cached and a fresh rendition must share. */
const headersOf = (response: Response) =>
  Object.fromEntries(
    [
      'content-type',
      'content-length',
      'cache-control',
      'etag',
      'last-modified',
      'x-transformations',
      'vary',
      'access-control-allow-origin',
    ].map((name) => [name, response.headers.get(name)]),
  );

describe('image transformation', () => {
  it('resizes on download with a transform, keeping the format with origin', async () => {
    const { data, error } = await pics().download('wide.png', {
      transform: { width: 100, height: 100, resize: 'contain', format: 'origin' },
    });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 100, height: 100 });
  });

  it('covers by default, and sends WebP or AVIF to a client that accepts them, with X-Transformations', async () => {
    const { publicUrl } = pics().getPublicUrl('wide.png', { transform: { width: 50, height: 50, quality: 60 } }).data;
    expect(publicUrl).toContain('/render/image/public/pics/wide.png?');
    const webp = await fetch(publicUrl, { headers: { accept: 'image/webp,*/*' } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    // Storage names the imgproxy resizing: cover is `fill`.
    expect(webp.headers.get('x-transformations')).toBe('height:50,width:50,resizing_type:fill,quality:60');
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 50, height: 50 });
    const avif = await fetch(publicUrl, { headers: { accept: 'image/avif,image/webp' } });
    expect(avif.headers.get('content-type')).toBe('image/avif');
    const plain = await fetch(publicUrl, { headers: { accept: '*/*' } });
    expect(plain.headers.get('content-type')).toBe('image/png');
  });

  it('serves a cached result the second time, and 304 for its ETag', async () => {
    const url = pics().getPublicUrl('wide.png', { transform: { width: 80, format: 'origin' } }).data.publicUrl;
    const first = await fetch(url);
    const bytes = Buffer.from(await first.arrayBuffer());
    const again = await fetch(url);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = first.headers.get('etag')!;
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves a cached result with the same headers, HEAD without a body, and 304 reading nothing', async () => {
    const url = pics().getPublicUrl('wide.png', { transform: { width: 70, format: 'origin' } }).data.publicUrl;
    const origin = { origin: 'http://127.0.0.1:3000' };
    const rendered = await fetch(url, { headers: origin });
    const bytes = Buffer.from(await rendered.arrayBuffer());
    expect(headersOf(rendered)).toMatchObject({ 'content-length': String(bytes.length), vary: 'Accept, Origin' });
    const cached = await fetch(url, { headers: origin });
    expect(headersOf(cached)).toEqual(headersOf(rendered));
    expect(Buffer.from(await cached.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await fetch(url, { method: 'HEAD', headers: origin });
    expect(head.status).toBe(200);
    expect(headersOf(head)).toEqual(headersOf(rendered));
    expect(await head.text()).toBe('');

    // A small rendition is answered from memory, its file no longer read.
    const file = cachedFileOf(bytes);
    writeFileSync(file, 'replaced');
    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(bytes)).toBe(true);

    // The ETag names the rendition: a client that has it is answered without reading or rendering anything.
    rmSync(cacheDir(), { recursive: true });
    const notModified = await fetch(url, { headers: { 'if-none-match': rendered.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('x-transformations')).toBe(rendered.headers.get('x-transformations'));
    expect(existsSync(cacheDir())).toBe(false);
  });

  it('streams a large cached result from its file, with its own length', async () => {
    const noise = await sharp(randomBytes(600 * 600 * 3), { raw: { width: 600, height: 600, channels: 3 } })
      .png()
      .toBuffer();
    await pics().upload('noise.png', new Blob([new Uint8Array(noise)], { type: 'image/png' }));
    const url = pics().getPublicUrl('noise.png', { transform: { width: 600, format: 'origin' } }).data.publicUrl;
    const rendered = await fetch(url);
    const bytes = Buffer.from(await rendered.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(256 * 1024);
    const cached = await fetch(url);
    expect(headersOf(cached)).toEqual(headersOf(rendered));
    expect(Buffer.from(await cached.arrayBuffer()).equals(bytes)).toBe(true);

    writeFileSync(cachedFileOf(bytes), Buffer.alloc(300 * 1024, 7));
    const fromFile = await fetch(url);
    expect(fromFile.headers.get('content-length')).toBe(String(300 * 1024));
    expect(Buffer.from(await fromFile.arrayBuffer()).equals(Buffer.alloc(300 * 1024, 7))).toBe(true);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(300 * 1024));
    expect(await head.text()).toBe('');
  });

  it('signs a URL with a transformation', async () => {
    const { data, error } = await pics().createSignedUrl('wide.png', 60, {
      transform: { width: 40, height: 20, format: 'origin' },
    });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/render/image/sign/pics/wide.png?token=');
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 20 });
    expect(response.headers.get('x-transformations')).toBe('height:20,width:40,resizing_type:fill');
    const contained = await pics().createSignedUrl('wide.png', 60, {
      transform: { width: 30, height: 30, resize: 'contain', quality: 50 },
    });
    const rendered = await fetch(contained.data!.signedUrl);
    expect(rendered.headers.get('x-transformations')).toBe('height:30,width:30,resizing_type:fit,quality:50');
  });

  it('refuses what is not an image, and parameters out of range', async () => {
    const text = await fetch(pics().getPublicUrl('note.txt', { transform: { width: 10 } }).data.publicUrl);
    expect(text.status).toBe(400);
    const wide = await fetch(`${sb.url}/storage/v1/render/image/public/pics/wide.png?width=99999`);
    expect(wide.status).toBe(400);
  });
});

/** The version the row of `name` in `bucket` names now. */
async function versionOf(backend: StorageBackend, bucket: string, name: string): Promise<string> {
  const { rows } = await backend.backend.deps.db.query<{ version: string }>(
    'select version from storage.objects where bucket_id = $1 and name = $2',
    [bucket, name],
  );
  return rows[0].version;
}

/** The transformed images kept of a version, by file name; none when its folder is gone. */
function renditionsOf(backend: StorageBackend, version: string): string[] {
  const folder = path.join(backend.dataDir, 'storage', 'render-cache', version);
  return existsSync(folder) ? readdirSync(folder) : [];
}

describe('transformed images of bytes that are gone', () => {
  const image = () => new Blob([new Uint8Array(png)], { type: 'image/png' });
  const thumbnail = async (name: string) => {
    const { error } = await pics().download(name, { transform: { width: 20, height: 20 } });
    expect(error).toBeNull();
  };

  it('are deleted with the bytes of a replaced or removed image', async () => {
    expect((await pics().upload('replaced.png', image())).error).toBeNull();
    const first = await versionOf(sb, 'pics', 'replaced.png');
    await thumbnail('replaced.png');
    expect(renditionsOf(sb, first)).toHaveLength(1);

    expect((await pics().upload('replaced.png', image(), { upsert: true })).error).toBeNull();
    const second = await versionOf(sb, 'pics', 'replaced.png');
    await thumbnail('replaced.png');
    await sb.backend.deps.storage!.collectGarbage();
    expect(renditionsOf(sb, first)).toEqual([]);
    expect(renditionsOf(sb, second)).toHaveLength(1);

    expect((await pics().remove(['replaced.png'])).error).toBeNull();
    await sb.backend.deps.storage!.collectGarbage();
    expect(renditionsOf(sb, second)).toEqual([]);
  });

  it('are swept at start when no row names their version, and the others kept', async () => {
    const own = await startStorageBackend();
    try {
      await own.service.storage.createBucket('own', { public: true });
      expect((await own.service.storage.from('own').upload('kept.png', image())).error).toBeNull();
      const kept = await versionOf(own, 'own', 'kept.png');
      const { error } = await own.service.storage.from('own').download('kept.png', { transform: { width: 20 } });
      expect(error).toBeNull();
      const cache = path.join(own.dataDir, 'storage', 'render-cache');
      // Left by a process that is gone, and a folder of an older layout.
      const orphan = path.join(cache, randomUUID());
      const older = path.join(cache, 'ab');
      for (const folder of [orphan, older]) {
        mkdirSync(folder, { recursive: true });
        writeFileSync(path.join(folder, 'rendition'), 'bytes');
      }

      await own.restart();
      await until(() => !existsSync(older), 10_000, 'the folders nothing names to go');
      expect(existsSync(orphan)).toBe(false);
      expect(renditionsOf(own, kept)).toHaveLength(1);
    } finally {
      await own.stop();
    }
  });
});
