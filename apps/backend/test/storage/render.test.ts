// Image transformation through supabase-js: download with a transform (authenticated), public URLs with a transform,
// and signed URLs carrying one; width, height, resize, quality, format by Accept or `origin`, X-Transformations, and
// cached results.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(webp.headers.get('x-transformations')).toBe('width:50,height:50,resize:cover,quality:60');
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

  it('signs a URL with a transformation', async () => {
    const { data, error } = await pics().createSignedUrl('wide.png', 60, {
      transform: { width: 40, height: 20, format: 'origin' },
    });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/render/image/sign/pics/wide.png?token=');
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 40, height: 20 });
  });

  it('refuses what is not an image, and parameters out of range', async () => {
    const text = await fetch(pics().getPublicUrl('note.txt', { transform: { width: 10 } }).data.publicUrl);
    expect(text.status).toBe(400);
    const wide = await fetch(`${sb.url}/storage/v1/render/image/public/pics/wide.png?width=99999`);
    expect(wide.status).toBe(400);
  });
});
