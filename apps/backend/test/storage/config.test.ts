// [storage] of config.toml and the STORAGE_* variables, as the backend reads them and --print-config shows them.
import { describe, expect, it } from 'vitest';
import { describeConfig, loadConfig } from '../../src/config.ts';
import { PROJECT } from './backend.ts';

describe('storage configuration', () => {
  it('reads the file size limit and the buckets of config.toml', () => {
    const config = loadConfig({ SUPABASE_DIR: PROJECT, DATA_DIR: '/tmp/unused' });
    expect(config.storage).toMatchObject({
      enabled: true,
      fileSizeLimit: 5 * 1024 * 1024,
      imageTransformation: true,
      backend: 'file',
      buckets: {
        seeded: { public: true, objects_path: './seed-files' },
        images: { public: false, file_size_limit: '1MB', allowed_mime_types: ['image/*'] },
      },
    });
    expect(config.ignoredKeys.filter((key) => key.startsWith('storage'))).toEqual([]);
  });

  it('takes the S3 store from the environment, and masks its secret in --print-config', () => {
    const config = loadConfig({
      SUPABASE_DIR: PROJECT,
      DATA_DIR: '/tmp/unused',
      STORAGE_BACKEND: 's3',
      STORAGE_S3_BUCKET: 'files',
      STORAGE_S3_SECRET_ACCESS_KEY: 'very secret',
    });
    expect(config.storage.s3).toMatchObject({ bucket: 'files', region: 'us-east-1', forcePathStyle: true });
    const printed = JSON.stringify(describeConfig(config));
    expect(printed).not.toContain('very secret');
    expect(printed).toContain('"fileSizeLimit":5242880');
  });
});
