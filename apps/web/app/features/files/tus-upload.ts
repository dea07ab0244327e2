// Resumable uploads (TUS) straight from the browser to /storage/v1/upload/resumable, with the signed-in person's
// session, as Supabase documents them: 6 MB chunks, the bucket and name in the upload's metadata. An interrupted
// upload of the same file resumes where it stopped (tus-js-client remembers it in the browser's storage).
import type { SupabaseClient } from '@supabase/supabase-js';
import { getBrowserEnv } from '../../session/public-env';

/** Supabase's resumable endpoint takes chunks of exactly this size (but the last). */
const CHUNK_BYTES = 6 * 1024 * 1024;

type Options = {
  supabase: SupabaseClient;
  bucket: string;
  path: string;
  file: File;
  onProgress: (fraction: number) => void;
};

export class UploadRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Starts the upload; resolves when the object exists, rejects with the storage service's message. */
export async function uploadResumable({ supabase, bucket, path, file, onProgress }: Options): Promise<void> {
  const [{ Upload }, { data }] = await Promise.all([import('tus-js-client'), supabase.auth.getSession()]);
  const env = getBrowserEnv();
  if (!data.session) throw new UploadRefused('Sign in again to upload files.', 401);
  const session = data.session;
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${env.SUPABASE_URL}/storage/v1/upload/resumable`,
      retryDelays: [0, 1000, 3000, 5000],
      headers: { authorization: `Bearer ${session.access_token}`, apikey: env.SUPABASE_ANON_KEY, 'x-upsert': 'false' },
      uploadDataDuringCreation: true,
      // Another upload of the same file later starts afresh rather than resuming a finished one.
      removeFingerprintOnSuccess: true,
      metadata: { bucketName: bucket, objectName: path, contentType: file.type || 'application/octet-stream' },
      chunkSize: CHUNK_BYTES,
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: () => resolve(),
      onShouldRetry: (error) => {
        // Refusals (no right, a name in use, too large) will not change by retrying; dropped connections may.
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500;
      },
      onError: (error) => {
        const response = 'originalResponse' in error ? error.originalResponse : null;
        reject(new UploadRefused(refusalMessage(response?.getBody() ?? ''), response?.getStatus() ?? 0));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  });
}

/** The storage service's message from a refusal's body (JSON with `message`, or plain text). */
export function refusalMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    // Not JSON: the body itself, if it says anything.
  }
  return body.trim().slice(0, 200) || 'The connection to the server was lost.';
}
