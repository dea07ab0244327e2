// Image transformation at /render/image/{authenticated,public,sign}/<bucket>/<key>: width, height, resize (cover,
// contain, fill), quality, and format (`origin` keeps the source's; otherwise AVIF or WebP when the client accepts
// them), done by sharp, whose reading of the bytes decides the source format. Results are kept (render-cache.ts) and
// served from there by streaming the file into the response.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { FormatEnum } from 'sharp';
import type { AppEnv } from '../http/env.ts';
import { errors, StorageError } from './errors.ts';
import { assertKey, rawPathAfter, splitObjectPath } from './names.ts';
import {
  bucketOf,
  callerOf,
  findObjectAs,
  handled,
  objectAsServer,
  signedObjectOf,
  type StorageContext,
  type StorageService,
} from './service.ts';
import { disposition, sendBytes, sendStream } from './serve.ts';
import { verifySigned } from './signing.ts';
import type { ObjectRow } from './sql.ts';
import { NotStoredError } from './store/types.ts';

const RESIZE = new Set(['cover', 'contain', 'fill']);
const MAX_DIMENSION = 2500;

export interface Transformation {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  /** As asked; DEFAULT_QUALITY when not. */
  quality?: number;
  format?: string;
}

const DEFAULT_QUALITY = 80;

function dimension(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > MAX_DIMENSION) {
    throw errors.invalidRequest(`${name} must be an integer between 1 and ${MAX_DIMENSION}`);
  }
  return number;
}

/** The transformation a query string (or a signed token's `transformations`) asks for. */
export function parseTransformation(query: Record<string, string | undefined>): Transformation {
  const resize = query.resize ?? 'cover';
  if (!RESIZE.has(resize)) throw errors.invalidRequest('resize must be one of cover, contain, fill');
  const quality = query.quality === undefined ? undefined : Number(query.quality);
  if (quality !== undefined && (!Number.isInteger(quality) || quality < 20 || quality > 100)) {
    throw errors.invalidRequest('quality must be an integer between 20 and 100');
  }
  const format = query.format;
  if (format !== undefined && !['origin', 'avif', 'webp', 'jpeg', 'png'].includes(format)) {
    throw errors.invalidRequest('format is not supported');
  }
  return {
    width: dimension(query.width, 'width'),
    height: dimension(query.height, 'height'),
    resize: resize as Transformation['resize'],
    quality,
    format,
  };
}

/**
 * As Storage signs it into a URL's token, and reads it back: `height:50,width:100,resize:cover,quality:60`. The size
 * and resize are given only with a width or height, the quality only when asked.
 */
export function describeTransformation(t: Transformation): string {
  // `format:origin` is kept here (Storage drops it), so that a signed URL renders exactly what was asked.
  return describe(t, `resize:${t.resize}`, t.format);
}

/** The imgproxy resizing type Storage names in X-Transformations for each resize. */
const RESIZING_TYPE = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/** As Storage writes it in X-Transformations: `height:50,width:100,resizing_type:fill,quality:60`. */
function transformationHeader(t: Transformation): string {
  return describe(t, `resizing_type:${RESIZING_TYPE[t.resize]}`, t.format === 'origin' ? undefined : t.format);
}

function describe(t: Transformation, resize: string, format: string | undefined): string {
  return [
    t.height && `height:${t.height}`,
    t.width && `width:${t.width}`,
    (t.width || t.height) && resize,
    t.quality && `quality:${t.quality}`,
    format && `format:${format}`,
  ]
    .filter(Boolean)
    .join(',');
}

function fromDescription(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(',')
      .filter(Boolean)
      .map((part) => part.split(':') as [string, string]),
  );
}

/** The output format: the one asked for, else AVIF or WebP when accepted, else the source's own. */
function outputFormat(t: Transformation, accept: string, source: string): string {
  if (t.format && t.format !== 'origin') return t.format;
  if (t.format === 'origin') return source;
  if (accept.includes('image/avif')) return 'avif';
  if (accept.includes('image/webp')) return 'webp';
  return source;
}

const SHARP_FIT = { cover: 'cover', contain: 'contain', fill: 'fill' } as const;
const MIME: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  heif: 'image/avif',
};

/**
 * The format of each object version rendered lately, as sharp read it from the bytes. A version's bytes never change,
 * so a transformation already in the render cache is served without reading the source again.
 */
const sourceFormats = new Map<string, string>();
const MAX_SOURCE_FORMATS = 1000;

async function readObject(service: StorageService, object: ObjectRow): Promise<Buffer> {
  try {
    const stream = await service.store.read(object.version);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (error) {
    if (error instanceof NotStoredError) throw errors.noSuchKey();
    throw error;
  }
}

// Loaded at the first transformation: sharp and its native library are kept out of a backend that renders nothing
// (its JavaScript alone is more than 2 MB of heap, which every full collection marks).
let sharpLibrary: Promise<typeof import('sharp')> | undefined;
const loadSharp = async () => (await (sharpLibrary ??= import('sharp'))).default;

async function formatOf(version: string, source: Buffer): Promise<string> {
  const sharp = await loadSharp();
  let format: string;
  try {
    format = (await sharp(source).metadata()).format ?? '';
  } catch {
    throw errors.invalidRequest('The object is not an image that can be transformed');
  }
  if (!MIME[format]) throw errors.invalidRequest('The object is not an image that can be transformed');
  if (sourceFormats.size >= MAX_SOURCE_FORMATS) sourceFormats.delete(sourceFormats.keys().next().value as string);
  sourceFormats.set(version, format);
  return format;
}

async function render(
  service: StorageService,
  c: StorageContext,
  object: ObjectRow,
  transformation: Transformation,
): Promise<Response> {
  if (!service.deps.config.storage.imageTransformation) {
    throw new StorageError('FeatureNotEnabled', 400, 'Image transformation is not enabled');
  }
  const metadata = object.metadata;
  if (!metadata) throw errors.noSuchKey();
  let source: Buffer | undefined;
  const readSource = async () => (source ??= await readObject(service, object));
  const sourceFormat = sourceFormats.get(object.version) ?? (await formatOf(object.version, await readSource()));
  const format = outputFormat(
    transformation,
    c.req.header('accept') ?? '',
    sourceFormat === 'heif' ? 'avif' : sourceFormat,
  );
  const description = describeTransformation(transformation);
  const key = createHash('sha256').update(`${object.version}\n${description}\n${format}`).digest('hex');
  const etag = `"${key.slice(0, 32)}"`;
  const headers: Record<string, string> = {
    'content-type': MIME[format] ?? 'application/octet-stream',
    'cache-control': metadata.cacheControl,
    etag,
    'last-modified': new Date(metadata.lastModified).toUTCString(),
    'x-transformations': transformationHeader(transformation),
    vary: 'Accept',
  };
  const attachment = disposition(c.req.query('download'));
  if (attachment) headers['content-disposition'] = attachment;
  // The ETag names the rendition, so the client has it already: nothing is read or rendered.
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const cached = await service.renditions.find(object.version, key);
  if (cached && 'stream' in cached) {
    headers['content-length'] = String(cached.size);
    if (c.req.method !== 'HEAD') return sendStream(c, 200, headers, cached.stream);
    cached.stream.destroy();
    return new Response(null, { status: 200, headers });
  }
  if (cached) return sendBytes(c, 200, headers, cached.bytes);
  const sharp = await loadSharp();
  const output = await sharp(await readSource(), { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({
      width: transformation.width,
      height: transformation.height,
      fit: SHARP_FIT[transformation.resize],
      withoutEnlargement: true,
    })
    .toFormat(format as keyof FormatEnum, { quality: transformation.quality ?? DEFAULT_QUALITY })
    .toBuffer();
  // The image is answered even when it cannot be kept (a full disk): the next request renders it again.
  await service.renditions
    .keep(object.version, key, output)
    .catch((error: unknown) => console.error('Storage: keeping a transformed image failed:', error));
  return sendBytes(c, 200, headers, output);
}

function objectPath(c: StorageContext, route: string) {
  const rest = rawPathAfter(c.req.url, `/storage/v1/render/image/${route}`);
  if (rest === undefined) throw errors.invalidKey('');
  const found = splitObjectPath(rest);
  assertKey(found.key);
  return found;
}

export function renderRoutes(service: StorageService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(
    '/sign/*',
    handled(async (c) => {
      const { bucket, key } = objectPath(c, 'sign/');
      const claims = await verifySigned(service, c.req.query('token'), bucket, key);
      const object = await signedObjectOf(service, bucket, key);
      if (!object) throw errors.noSuchKey();
      const asked = typeof claims.transformations === 'string' ? fromDescription(claims.transformations) : {};
      return render(service, c, object, parseTransformation(asked));
    }),
  );
  app.get(
    '/public/*',
    handled(async (c) => {
      const { bucket, key } = objectPath(c, 'public/');
      if (!(await bucketOf(service, bucket))?.public) throw errors.noSuchBucket();
      const object = await objectAsServer(service, bucket, key);
      if (!object) throw errors.noSuchKey();
      return render(service, c, object, parseTransformation(c.req.query()));
    }),
  );
  app.get(
    '/authenticated/*',
    handled(async (c) => {
      const { bucket, key } = objectPath(c, 'authenticated/');
      const caller = await callerOf(service, c);
      const object = await findObjectAs(service, caller, c, bucket, key);
      if (!object) throw errors.noSuchKey();
      return render(service, c, object, parseTransformation(c.req.query()));
    }),
  );
  return app;
}
