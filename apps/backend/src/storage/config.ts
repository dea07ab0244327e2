// [storage] of config.toml, as the Supabase CLI reads it: the largest file accepted, image transformation, and buckets
// created at start (with files seeded from a folder); plus where the bytes are kept (the data folder, or an
// S3-compatible store named by the STORAGE_S3_* environment variables).
import { z } from 'zod';
import { parseSize } from './sizes.ts';

const size = z.union([z.number().int().min(0), z.string()]).refine((value) => parseSize(value) !== undefined, {
  message: 'a size such as 52428800, "50MiB" or "20MB"',
});

const bucketSchema = z.object({
  public: z.boolean().default(false),
  file_size_limit: size.optional(),
  allowed_mime_types: z.array(z.string()).optional(),
  /** A folder (relative to the project folder) whose files are uploaded into the bucket at start. */
  objects_path: z.string().optional(),
});

export const storageTomlSchema = z
  .object({
    enabled: z.boolean().default(true),
    file_size_limit: size.default('50MiB'),
    image_transformation: z.object({ enabled: z.boolean().default(true) }).prefault({}),
    buckets: z.record(z.string(), bucketSchema).default({}),
  })
  .prefault({});

export const storageEnvSchema = z.object({
  /** Where object bytes are kept: `file` (under DATA_DIR/storage) or `s3`. */
  STORAGE_BACKEND: z.enum(['file', 's3']).default('file'),
  STORAGE_S3_BUCKET: z.string().optional(),
  STORAGE_S3_ENDPOINT: z.string().url().optional(),
  STORAGE_S3_REGION: z.string().default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORAGE_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
});

export interface StorageConfig {
  enabled: boolean;
  fileSizeLimit: number;
  imageTransformation: boolean;
  buckets: Record<string, z.infer<typeof bucketSchema>>;
  backend: 'file' | 's3';
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
}

export function storageConfig(
  env: z.infer<typeof storageEnvSchema>,
  toml: z.infer<typeof storageTomlSchema>,
): StorageConfig {
  return {
    enabled: toml.enabled,
    fileSizeLimit: parseSize(toml.file_size_limit)!,
    imageTransformation: toml.image_transformation.enabled,
    buckets: toml.buckets,
    backend: env.STORAGE_BACKEND,
    s3:
      env.STORAGE_BACKEND === 's3'
        ? {
            bucket: env.STORAGE_S3_BUCKET ?? 'storage',
            endpoint: env.STORAGE_S3_ENDPOINT,
            region: env.STORAGE_S3_REGION,
            accessKeyId: env.STORAGE_S3_ACCESS_KEY_ID,
            secretAccessKey: env.STORAGE_S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.STORAGE_S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
  };
}
