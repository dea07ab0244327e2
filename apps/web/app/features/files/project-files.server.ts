// A project's files for its page: one query for the list (with who uploaded each), and small signed thumbnails of the
// images from the render endpoint, kept between page loads so an image is signed once an hour rather than per view.
import type { TypedSupabaseClient } from '../../types/supabase';
import { hasThumbnail } from './file-rules';
import { createUrlCache } from './url-cache';

export type ProjectFile = {
  name: string;
  path: string;
  size: number;
  mimeType: string | null;
  uploadedBy: string | null;
  uploaderName: string | null;
  createdAt: string;
  updatedAt: string;
  thumbnailUrl: string | null;
};

const HOUR_S = 60 * 60;
export const THUMBNAIL_PX = 80;
const thumbnails = createUrlCache({ ttlMs: HOUR_S * 1000, renewBeforeMs: 15 * 60 * 1000, max: 5000 });

// The key names the version (updated_at), so a replaced file is never shown with the old picture.
const thumbnailKey = (path: string, updatedAt: string) => `${updatedAt}|${path}`;

export async function loadProjectFiles(supabase: TypedSupabaseClient, projectId: string): Promise<ProjectFile[]> {
  const { data, error } = await supabase.rpc('project_files', { p_project_id: projectId });
  if (error) throw new Error(`Could not load the files of ${projectId}: ${error.message}`);
  const images = data.filter((row) => hasThumbnail(row.mime_type));
  const pathOf = new Map(images.map((row) => [thumbnailKey(row.path, row.updated_at), row.path]));
  // Storage signs one transformed URL per call; the calls run together, and only for images not signed recently.
  const urls = await thumbnails.urlsOf([...pathOf.keys()], async (missing) => {
    const signed = await Promise.all(
      missing.map(async (key) => {
        const { data: url } = await supabase.storage.from('project-files').createSignedUrl(pathOf.get(key)!, HOUR_S, {
          transform: { width: THUMBNAIL_PX * 2, height: THUMBNAIL_PX * 2, resize: 'cover' },
        });
        return [key, url?.signedUrl] as const;
      }),
    );
    return new Map(signed.filter((entry): entry is readonly [string, string] => !!entry[1]));
  });
  return data.map((row) => ({
    name: row.name,
    path: row.path,
    size: Number(row.size),
    mimeType: row.mime_type,
    uploadedBy: row.uploaded_by,
    uploaderName: row.uploader_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    thumbnailUrl: urls.get(thumbnailKey(row.path, row.updated_at)) ?? null,
  }));
}
