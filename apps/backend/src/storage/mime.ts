// A bucket's allowed MIME types ('image/png', or 'image/*' for every image type), checked against the type an upload
// declares; and for the image formats a browser would render, the bytes checked to be an image, so a page declared as
// an image cannot be uploaded into a bucket that takes only images. Which image format the bytes are is not held
// against the declared one (a JPEG sent as image/png is taken, as Storage takes it): a browser renders either.
import { errors } from './errors.ts';

/** The type without its parameters: 'text/plain;charset=UTF-8' -> 'text/plain'. */
export function essence(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

const TYPE = /^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/;

export function assertAllowedType(contentType: string, allowed: string[] | null): void {
  const type = essence(contentType);
  if (!TYPE.test(type)) throw errors.invalidMimeType(type);
  if (!allowed || allowed.length === 0) return;
  const [major] = type.split('/');
  const ok = allowed.some((entry) => {
    const wanted = entry.toLowerCase();
    return wanted === type || (wanted.endsWith('/*') && wanted.slice(0, -2) === major) || wanted === '*/*';
  });
  if (!ok) throw errors.invalidMimeType(type);
}

/** The leading bytes each image type starts with. */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/gif': (head) => head.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (head) =>
    head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
  'image/avif': (head) => head.subarray(4, 12).toString('latin1').startsWith('ftypavi'),
};

/** How many leading bytes tell the formats apart. */
export const SIGNATURE_BYTES = 12;

/**
 * Whether the first bytes (at least SIGNATURE_BYTES of them, or the whole file) fit the declared type: for an image
 * type with a known signature, any known image format; other types are taken as declared.
 */
export function bytesMatchType(contentType: string, head: Buffer): boolean {
  if (!(essence(contentType) in SIGNATURES)) return true;
  return Object.values(SIGNATURES).some((check) => check(head));
}
