// Object bytes in an S3-compatible store, for deployments with several backend processes or more data than one disk.
// An upload is counted against its limit while it streams to a temporary file on the local disk, then sent with its
// length known, so nothing is stored under a version before the whole body has arrived and no file is held in memory.
import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';
import { storeThroughTemporaryFile } from './to-file.ts';
import { isVersion, NotStoredError, type ByteRange, type ObjectStore, type StoredFile } from './types.ts';

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}

export class S3Store implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly ready: Promise<unknown>;

  constructor(
    settings: NonNullable<StorageConfig['s3']>,
    private readonly tmpDir: string,
  ) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where the operation needs one: many S3-compatible servers do not take the newer trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.ready = rm(tmpDir, { recursive: true, force: true }).then(() => mkdir(tmpDir, { recursive: true }));
  }

  private keyOf(version: string): string {
    if (!isVersion(version)) throw new NotStoredError();
    return `objects/${version}`;
  }

  async write(
    version: string,
    source: Readable,
    maxBytes: number,
    tooLarge: () => Error,
    signal?: AbortSignal,
  ): Promise<StoredFile> {
    await this.ready;
    return storeThroughTemporaryFile(
      this.tmpDir,
      version,
      source,
      { maxBytes, tooLarge, signal },
      async (file, size) => {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.keyOf(version),
            Body: createReadStream(file),
            ContentLength: size,
          }),
          { abortSignal: signal },
        );
        await rm(file, { force: true });
        return new Date();
      },
    );
  }

  async read(version: string, range?: ByteRange): Promise<Readable> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(version),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return result.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new NotStoredError();
      throw error;
    }
  }

  async copy(fromVersion: string, toVersion: string): Promise<StoredFile> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(toVersion),
          CopySource: `${this.bucket}/${this.keyOf(fromVersion)}`,
        }),
      );
    } catch (error) {
      if (isMissing(error)) throw new NotStoredError();
      throw error;
    }
    return { size: 0, etag: '', lastModified: new Date() };
  }

  async remove(versions: string[]): Promise<void> {
    await Promise.all(
      versions
        .filter(isVersion)
        .map((version) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(version) }))),
    );
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
