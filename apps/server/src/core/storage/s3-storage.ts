import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertStorageKey, type ByteRange, type FileStorage, joinUrl, type StoredObject } from './storage.js';

export interface S3Options {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
  /** Keys are stored under this prefix in the bucket (several installations may share one). */
  prefix: string;
  publicUrl: string | null;
}

/** An S3-compatible bucket (AWS, MinIO, R2, Garage...): every instance of a cluster sees the same files. */
export class S3Storage implements FileStorage {
  readonly driver = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new S3Client({
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // The SDK's default since 2025 streams bodies as aws-chunked with checksum trailers, which
      // many S3-compatible servers (older MinIO, s3rver, some CDNs' buckets) store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
    });
  }

  async put(
    key: string,
    source: { path: string } | { bytes: Uint8Array },
    contentType: string,
  ): Promise<void> {
    const body = 'path' in source ? createReadStream(source.path) : source.bytes;
    const length = 'path' in source ? (await stat(source.path)).size : source.bytes.byteLength;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: length,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // A ranged answer's Content-Range ends with the whole object's size.
      const whole = answer.ContentRange ? Number(answer.ContentRange.split('/')[1]) : Number.NaN;
      return {
        body: answer.Body as Readable,
        size: Number.isFinite(whole) ? whole : (answer.ContentLength ?? 0),
        etag: answer.ETag ?? `"${key}"`,
        lastModified: answer.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      // A range past the end: the whole object tells its size, and the caller answers 416.
      if (range && error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
        return this.get(key);
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    // DeleteObjects takes at most 1000 keys.
    for (let at = 0; at < keys.length; at += 1000) {
      const batch = keys.slice(at, at + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.options.bucket,
          Delete: { Objects: batch.map((key) => ({ Key: this.objectKey(key) })), Quiet: true },
        }),
      );
    }
  }

  async *list(prefix: string): AsyncIterable<string> {
    const folder = `${this.objectKey(prefix)}/`;
    const own = this.options.prefix ? this.options.prefix.replace(/\/+$/, '').length + 1 : 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: folder, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(own);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(key: string): string | null {
    return this.options.publicUrl === null ? null : joinUrl(this.options.publicUrl, key);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.options.prefix ? `${this.options.prefix.replace(/\/+$/, '')}/${key}` : key;
  }
}
