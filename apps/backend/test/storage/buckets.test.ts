// Buckets through supabase-js: list, get, create (sizes as bytes or text, MIME types), partial update, empty and
// delete, with Storage's messages and errors; as the service role, and as people whom row level security limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageBackend, type StorageBackend } from './backend.ts';

let sb: StorageBackend;
beforeAll(async () => {
  sb = await startStorageBackend();
});
afterAll(() => sb.stop());

describe('buckets', () => {
  it('lists the buckets of config.toml and of the migrations, with the columns Storage sends', async () => {
    const { data, error } = await sb.service.storage.listBuckets();
    expect(error).toBeNull();
    expect(data!.map((bucket) => bucket.id)).toEqual(['avatars', 'images', 'seeded']);
    const images = data!.find((bucket) => bucket.id === 'images')!;
    expect(Object.keys(images).sort()).toEqual(
      ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at'].sort(),
    );
    expect(images).toMatchObject({ public: false, file_size_limit: 1_000_000, allowed_mime_types: ['image/*'] });
    expect(images.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('creates a bucket with a size written as text, and refuses the same name twice', async () => {
    const created = await sb.service.storage.createBucket('files', {
      public: false,
      fileSizeLimit: '2mb',
      allowedMimeTypes: ['application/pdf', 'image/*'],
    });
    expect(created).toEqual({ data: { name: 'files' }, error: null });
    const { data } = await sb.service.storage.getBucket('files');
    expect(data).toMatchObject({ id: 'files', name: 'files', public: false, file_size_limit: 2_000_000 });

    const again = await sb.service.storage.createBucket('files');
    expect(again.error).toMatchObject({ message: 'The resource already exists', status: 400, statusCode: '409' });
  });

  it('refuses an invalid name or size', async () => {
    const badName = await sb.service.storage.createBucket('a/b');
    expect(badName.error).toMatchObject({ message: 'Bucket name invalid', statusCode: '400' });
    const badSize = await sb.service.storage.createBucket('sized', { public: false, fileSizeLimit: 'lots' });
    expect(badSize.error?.message).toBe('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
  });

  it('updates only the settings sent', async () => {
    await sb.service.storage.createBucket('partial', {
      public: false,
      fileSizeLimit: 1000,
      allowedMimeTypes: ['text/plain'],
    });
    const { data, error } = await sb.service.storage.updateBucket('partial', { public: true });
    expect(error).toBeNull();
    expect(data).toEqual({ message: 'Successfully updated' });
    const bucket = (await sb.service.storage.getBucket('partial')).data!;
    expect(bucket).toMatchObject({ public: true, file_size_limit: 1000, allowed_mime_types: ['text/plain'] });
  });

  it('applies a bucket setting from the next request on, changed through the API or in SQL', async () => {
    await sb.service.storage.createBucket('changing', { public: false, fileSizeLimit: 10 });
    const bucket = sb.service.storage.from('changing');
    const upload = async (text: string) => (await bucket.upload(`f${text.length}.txt`, text, { upsert: true })).error;
    expect(await upload('small')).toBeNull();
    expect(await upload('more than ten bytes')).toMatchObject({ statusCode: '413' });
    const publicUrl = bucket.getPublicUrl('f5.txt').data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(400);

    await sb.service.storage.updateBucket('changing', { public: true, fileSizeLimit: 100 });
    expect(await upload('more than ten bytes')).toBeNull();
    expect(await (await fetch(publicUrl)).text()).toBe('small');

    // A change made in SQL (a project's migration, another process) is heard through the database's notification.
    const heard: string[] = [];
    const stop = await sb.backend.deps.db.listen('_backend_storage_buckets', (payload) => heard.push(payload));
    await sb.backend.deps.db.query("update storage.buckets set public = false where id = 'changing'");
    await expect.poll(() => heard.length, { timeout: 5000 }).toBeGreaterThan(0);
    await stop();
    await expect.poll(async () => (await fetch(publicUrl)).status, { timeout: 5000 }).toBe(400);
  });

  it('answers a missing bucket with Bucket not found', async () => {
    const { error } = await sb.service.storage.getBucket('nowhere');
    expect(error).toMatchObject({ message: 'Bucket not found', status: 400, statusCode: '404' });
    expect((await sb.service.storage.deleteBucket('nowhere')).error?.message).toBe('Bucket not found');
  });

  it('refuses to delete a bucket with objects until it is emptied', async () => {
    await sb.service.storage.createBucket('full');
    await sb.service.storage.from('full').upload('a.txt', 'a');
    const refused = await sb.service.storage.deleteBucket('full');
    expect(refused.error).toMatchObject({
      message: 'The bucket you tried to delete is not empty',
      statusCode: '409',
    });
    const emptied = await sb.service.storage.emptyBucket('full');
    expect(emptied.error).toBeNull();
    expect(emptied.data?.message).toBe('Successfully emptied');
    expect(await sb.service.storage.deleteBucket('full')).toEqual({
      data: { message: 'Successfully deleted' },
      error: null,
    });
  });

  it('lets row level security decide for people: no bucket policy, no buckets', async () => {
    const { client } = await sb.person();
    expect((await client.storage.listBuckets()).data).toEqual([]);
    const created = await client.storage.createBucket('mine');
    expect(created.error).toMatchObject({
      message: 'new row violates row-level security policy',
      statusCode: '403',
    });
  });

  it('works with the Authorization header alone, as storage-js sends it', async () => {
    const response = await fetch(`${sb.url}/storage/v1/bucket`, {
      headers: { authorization: `Bearer ${sb.backend.deps.keys.serviceRoleKey}` },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBeGreaterThan(0);
    const forged = await fetch(`${sb.url}/storage/v1/bucket`, { headers: { authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
  });

  it('refuses a request with no token or key at all, as Storage does', async () => {
    const bare = await fetch(`${sb.url}/storage/v1/bucket`);
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ statusCode: '400', message: 'Invalid Compact JWS' });
    const malformed = await fetch(`${sb.url}/storage/v1/bucket`, { headers: { authorization: 'Bearer nonsense' } });
    expect(await malformed.json()).toMatchObject({ error: 'InvalidJWT', message: 'Invalid Compact JWS' });
    // A public object needs neither.
    const open = await fetch(`${sb.url}/storage/v1/object/public/seeded/docs/brief.md`);
    expect(open.status).toBe(200);
  });
});
