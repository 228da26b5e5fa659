/**
 * Pictures in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2...):
 * one object per key in S3_BUCKET, written by a single PutObject (whole or not at all).
 * Credentials come from the SDK's own chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a
 * profile, an instance role). Every call has a deadline, so a store that is down or silent
 * answers 503 within seconds instead of holding the request (decision 155).
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Config } from '../../config';
import { IMMUTABLE } from '../../plugins/http-caching';
import {
  checkImageKey,
  ImagesUnavailableError,
  type ImageObject,
  type ImageStore,
  type ListedImage,
} from './image-store';

/** Connecting, and silence on an open connection, before the attempt is given up. */
const CONNECT_TIMEOUT_MS = 3_000;
const SOCKET_TIMEOUT_MS = 10_000;
/** A whole call, retries included, until the store's answer (not its body) has arrived. */
const CALL_DEADLINE_MS = 15_000;

/** Connections to the store at once, per instance; more requests wait for one. */
const MAX_CONNECTIONS = 200;

/** DeleteObjects takes at most 1000 keys a call. */
const DELETE_BATCH = 1000;

const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

export class S3ImageStore implements ImageStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly deadlineMs: number;

  constructor(config: S3Config, log?: FastifyBaseLogger) {
    this.bucket = config.bucket;
    this.deadlineMs = config.callTimeoutMs ?? CALL_DEADLINE_MS;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // One retry: a store that is down should say so quickly, not after a long back-off.
      maxAttempts: 2,
      // Checksums only where the API requires them: several S3-compatible stores refuse or
      // mangle the flexible checksums the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      requestHandler: {
        connectionTimeout: CONNECT_TIMEOUT_MS,
        socketTimeout: SOCKET_TIMEOUT_MS,
        // Pictures of a busy page are asked for at once: more than the SDK's 50 connections.
        httpAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
        httpsAgent: { keepAlive: true, maxSockets: MAX_CONNECTIONS },
        // Its warnings (connections all in use) go to the shop's log, not the console.
        ...(log ? { logger: log } : {}),
      },
    });
  }

  /**
   * Runs one call with its deadline. A missing object is the caller's to read (`missing`);
   * anything else that fails, the store being down above all, is a 503.
   */
  private async call<T, M = never>(
    run: (abortSignal: AbortSignal) => Promise<T>,
    missing?: (status: number | undefined) => M | undefined,
  ): Promise<T | M> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), this.deadlineMs);
    try {
      return await run(deadline.signal);
    } catch (error) {
      const answer = missing?.(statusOf(error));
      if (answer !== undefined) return answer;
      throw new ImagesUnavailableError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const command = new PutObjectCommand({
      Bucket: this.bucket,
      Key: checkImageKey(key),
      Body: body,
      ContentType: contentType,
      // As the app serves it, for a CDN or a public bucket that serves it directly.
      CacheControl: IMMUTABLE,
    });
    await this.call((abortSignal) => this.client.send(command, { abortSignal }));
  }

  async get(key: string, ifNoneMatch?: string): Promise<ImageObject | 'not-modified' | null> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: checkImageKey(key),
      ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
    });
    const answer = await this.call(
      (abortSignal) => this.client.send(command, { abortSignal }),
      (status) => (status === 304 ? 'not-modified' : status === 404 ? null : undefined),
    );
    if (answer === null || answer === 'not-modified') return answer;
    if (!answer.Body) return null;
    return {
      body: answer.Body as Readable,
      size: answer.ContentLength,
      etag: answer.ETag ?? '',
      lastModified: answer.LastModified ?? new Date(0),
    };
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: checkImageKey(key) }));
      const command = new DeleteObjectsCommand({
        Bucket: this.bucket,
        Delete: { Objects: batch, Quiet: true },
      });
      const answer = await this.call((abortSignal) => this.client.send(command, { abortSignal }));
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) throw new ImagesUnavailableError(failed);
    }
  }

  async *list(prefix: string): AsyncIterable<ListedImage> {
    let token: string | undefined;
    do {
      const command = new ListObjectsV2Command({
        Bucket: this.bucket,
        Prefix: prefix,
        ...(token ? { ContinuationToken: token } : {}),
      });
      const page = await this.call((abortSignal) => this.client.send(command, { abortSignal }));
      for (const item of page.Contents ?? [])
        if (item.Key) yield { key: item.Key, lastModified: item.LastModified ?? new Date() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}
