// Buckets of config.toml ([storage.buckets.<name>]) created or brought up to date at start, as `supabase start`
// does, and the files of each bucket's objects_path uploaded into it (replacing objects of the same name).
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import mime from 'mime-types';
import { errors } from './errors.ts';
import type { StorageService } from './service.ts';
import { parseSize } from './sizes.ts';
import { writeObject } from './sql.ts';

function filesUnder(dir: string, prefix = ''): Array<{ file: string; key: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return filesUnder(file, key);
    return entry.isFile() ? [{ file, key }] : [];
  });
}

export async function seedBuckets(service: StorageService): Promise<void> {
  const { config, db } = service.deps;
  for (const [name, bucket] of Object.entries(config.storage.buckets)) {
    const limit = bucket.file_size_limit === undefined ? null : parseSize(bucket.file_size_limit)!;
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values ($1, $1, $2, $3, (select array_agg(value) from jsonb_array_elements_text($4::jsonb)))
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [name, bucket.public, limit, bucket.allowed_mime_types ?? null],
    );
    if (!bucket.objects_path) continue;
    const dir = path.resolve(config.supabaseDir, bucket.objects_path);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      console.error(`Storage: the objects_path of bucket ${name} is not a folder: ${dir}`);
      continue;
    }
    for (const { file, key } of filesUnder(dir)) {
      const version = randomUUID();
      const mimetype = mime.lookup(file) || 'application/octet-stream';
      const stored = await service.store.write(version, createReadStream(file), Infinity, () =>
        errors.entityTooLarge(),
      );
      await db.transaction((tx) =>
        writeObject(
          tx,
          {
            bucket: name,
            name: key,
            owner: undefined,
            version,
            metadata: {
              eTag: stored.etag,
              size: stored.size,
              mimetype,
              cacheControl: 'max-age=3600',
              lastModified: stored.lastModified.toISOString(),
              contentLength: stored.size,
              httpStatusCode: 200,
            },
            userMetadata: null,
          },
          true,
        ),
      );
    }
  }
}
