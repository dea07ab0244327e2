// Which bucket names and object keys are accepted. Storage's own rules (a short list of characters for bucket names;
// for keys any text but most control characters and the noncharacters), plus what keeps a key from ever naming
// something outside its bucket: no `.` or `..` segment, no empty segment, no backslash.
import { errors } from './errors.ts';

const BUCKET_NAME = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const MAX_KEY_BYTES = 1024;

export function assertBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 100 || !BUCKET_NAME.test(name)) {
    throw errors.invalidBucketName();
  }
  if (name === '.' || name === '..') throw errors.invalidBucketName();
}

export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key) > MAX_KEY_BYTES) return false;
  // Control characters other than tab, line feed and carriage return (which Storage takes), the noncharacters U+FFFE
  // and U+FFFF, and the backslash are refused; so is a lone half of a surrogate pair, which names no character.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\\\ufffe\uffff]/.test(key)) return false;
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function assertKey(key: unknown): asserts key is string {
  if (typeof key !== 'string') throw errors.invalidKey('');
  if (!isValidKey(key)) throw errors.invalidKey(key);
}

/**
 * The bucket and key of a request path after its route prefix, e.g. `avatars/u1/me.png` from
 * /object/avatars/u1/me.png. Decoded once here: an encoded slash becomes part of the key and is checked like any
 * other; a malformed escape is refused.
 */
export function splitObjectPath(rawPath: string): { bucket: string; key: string } {
  const slash = rawPath.indexOf('/');
  const rawBucket = slash < 0 ? rawPath : rawPath.slice(0, slash);
  const rawKey = slash < 0 ? '' : rawPath.slice(slash + 1);
  let bucket: string;
  let key: string;
  try {
    bucket = decodeURIComponent(rawBucket);
    key = decodeURIComponent(rawKey);
  } catch {
    throw errors.invalidKey(rawKey);
  }
  assertBucketName(bucket);
  return { bucket, key };
}

/** The path after `prefix` in the raw (still encoded) request path, or undefined when it does not start there. */
export function rawPathAfter(url: string, prefix: string): string | undefined {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const query = url.indexOf('?', start);
  const pathname = url.slice(start, query < 0 ? undefined : query);
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : undefined;
}
