// The same service with its bytes in an S3-compatible store (s3rver, started here on 127.0.0.1): uploads, ranged and
// conditional downloads, copies, moves, removal, resumable uploads and image transformation through supabase-js.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './backend.ts';

let s3: S3rver;
let s3Dir: string;
let sb: StorageBackend;
beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'teamplan-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'teamplan', configs: [] }],
  });
  const { port } = await s3.run();
  sb = await startStorageBackend({
    STORAGE_BACKEND: 's3',
    STORAGE_S3_BUCKET: 'teamplan',
    STORAGE_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
    STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
  });
  await sb.service.storage.createBucket('files', { public: true });
});
afterAll(async () => {
  await sb.stop();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const files = () => sb.service.storage.from('files');

describe('on an S3-compatible store', () => {
  it('has the files seeded from config.toml', async () => {
    const { data } = await sb.service.storage.from('seeded').download('hello.txt');
    expect(await data!.text()).toBe('hello from the seed\n');
  });

  it('uploads, downloads whole and in ranges, and replaces', async () => {
    expect((await files().upload('a/b.txt', 'abcdefghij')).error).toBeNull();
    expect(await (await files().download('a/b.txt')).data!.text()).toBe('abcdefghij');
    const url = files().getPublicUrl('a/b.txt').data.publicUrl;
    const ranged = await fetch(url, { headers: { range: 'bytes=3-5' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('def');
    expect((await files().upload('a/b.txt', 'new', { upsert: true })).error).toBeNull();
    expect(await (await fetch(url)).text()).toBe('new');
  });

  it('copies, moves and removes', async () => {
    await files().upload('c/src.txt', 'source');
    expect((await files().copy('c/src.txt', 'c/copy.txt')).error).toBeNull();
    expect((await files().move('c/src.txt', 'c/moved.txt')).error).toBeNull();
    expect(await (await files().download('c/copy.txt')).data!.text()).toBe('source');
    expect(await (await files().download('c/moved.txt')).data!.text()).toBe('source');
    const removed = await files().remove(['c/copy.txt', 'c/moved.txt']);
    expect(removed.data).toHaveLength(2);
    expect((await files().exists('c/copy.txt')).data).toBe(false);
  });

  it('refuses an object over the limit, leaving nothing', async () => {
    const big = await sb.service.storage
      .from('images')
      .upload('big.png', new Blob([new Uint8Array(1_100_000)], { type: 'image/png' }));
    expect(big.error).toMatchObject({ statusCode: '413' });
  });

  it('transforms images stored there', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    await files().upload('pic.png', new Blob([new Uint8Array(png)], { type: 'image/png' }));
    const { data } = await files().download('pic.png', { transform: { width: 16, height: 16, format: 'origin' } });
    expect(await sharp(Buffer.from(await data!.arrayBuffer())).metadata()).toMatchObject({ width: 16, height: 16 });
  });
});
