// Names, types and sizes of the product's files: where each is stored and what is accepted.

/** The image types the avatar and logo buckets accept (see the files migration). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const LOGO_TYPES = AVATAR_TYPES;
/** The largest picture chosen for cropping; the cropped avatar itself is far smaller. */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
/** The logos bucket's limit. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
/** The project-files bucket's limit. */
export const MAX_PROJECT_FILE_BYTES = 50 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** A new name for each avatar, so a replaced picture is never served from a browser's cache. */
export function avatarPathFor(userId: string, type: string, now: number): string {
  return `${userId}/${now.toString(36)}.${EXTENSIONS[type] ?? 'img'}`;
}

export function logoPathFor(type: string, now: number): string {
  return `logo-${now.toString(36)}.${EXTENSIONS[type] ?? 'img'}`;
}

/**
 * A file's name as stored in a project's folder: what the person sees, without characters that would make another
 * folder or that object names refuse.
 */
export function storedFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\\/]+/g, '-')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .replace(/^\.+/, '');
  return cleaned.slice(0, 200) || 'file';
}

/** "1.4 MB": sizes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** Image types the storage service renders thumbnails of. */
export function hasThumbnail(mimeType: string | null): boolean {
  return mimeType !== null && ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'].includes(mimeType);
}
