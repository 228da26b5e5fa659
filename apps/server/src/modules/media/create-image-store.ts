import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { DiskImageStore } from './disk-image-store';
import type { ImageStore } from './image-store';
import { S3ImageStore } from './s3-image-store';

/** The store the configuration names: S3 when S3_BUCKET is set, else the local disk. */
export function createImageStore(
  config: Pick<Config, 'uploadsDir' | 's3'>,
  log?: FastifyBaseLogger,
): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3, log) : new DiskImageStore(config.uploadsDir);
}
