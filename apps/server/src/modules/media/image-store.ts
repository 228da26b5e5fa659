/**
 * Where pictures are kept: one interface, two stores. Local disk under `DATA_DIR/uploads` by
 * default; any S3-compatible object store when S3_BUCKET is set (decision 155), so several
 * instances share pictures without a shared disk. The rest of the code names pictures by key
 * (`products/<id>-400.webp`, `avatars/<name>.webp`) and never knows which store holds them.
 */
import type { Readable } from 'node:stream';
import { SERVER } from '@otaku/shared';
import { AppError } from '../../lib/errors';

/** A stored picture as it is read: its bytes as a stream, and what to answer with it. */
export interface ImageObject {
  body: Readable;
  /** Its length in bytes, when the store says. */
  size: number | undefined;
  /** Quoted, as in an ETag header (weak for the disk, the store's own for S3). */
  etag: string;
  lastModified: Date;
}

export interface ListedImage {
  key: string;
  lastModified: Date;
}

export interface ImageStore {
  /** Stores the bytes under the key, whole or not at all: a reader never sees half a file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * The picture, or null when there is none. With `ifNoneMatch` (a quoted tag without `W/`)
   * equal to its ETag's, the string 'not-modified' instead of the bytes.
   */
  get(key: string, ifNoneMatch?: string): Promise<ImageObject | 'not-modified' | null>;
  /** Removes the keys; keys already gone are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key under the prefix (`products/`), with when it was written. */
  list(prefix: string): AsyncIterable<ListedImage>;
  /** Ends the store's connections (the app's onClose). */
  close(): void;
}

/**
 * The only names the stores take: a folder the app writes and a file name of letters, digits,
 * `_` and `-` with an extension (and, on the disk, the temporary name beside it while it is
 * written). Nothing a client sends can name another file, folder or bucket object.
 */
const KEY = /^(?:products|avatars)\/[A-Za-z0-9][\w-]{0,127}\.[a-z]{3,4}(?:\.[0-9a-f]{8}\.tmp)?$/;

export const isImageKey = (key: string): boolean => KEY.test(key);

export function checkImageKey(key: string): string {
  if (!isImageKey(key)) throw new Error(`not a picture's key: ${JSON.stringify(key)}`);
  return key;
}

/**
 * A store that cannot be reached, or failed: pictures can be neither stored nor served. A 503
 * for the client; `cause` (the store's own error) goes to the log (plugins/errors.ts).
 */
export class ImagesUnavailableError extends AppError {
  override name = 'ImagesUnavailableError';
  constructor(cause?: unknown) {
    super(503, SERVER.imagesUnavailable, 'UNAVAILABLE');
    if (cause !== undefined) this.cause = cause;
  }
}

export const isImagesUnavailable = (error: unknown): error is ImagesUnavailableError =>
  error instanceof ImagesUnavailableError;
