/**
 * A real S3-compatible server on loopback for the tests (s3rver: the S3 API over a folder),
 * and apps configured to keep their pictures in it. Each store gets its own folder and port.
 */
import { mkdtempSync } from 'node:fs';
import { rm, stat, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { vi } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { Database } from '../src/db/client';
import { testConfig } from './helpers';

export const TEST_BUCKET = 'otaku-pictures';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface ObjectStore {
  endpoint: string;
  /** The configuration of an app keeping its pictures in this store (its own DATA_DIR). */
  config: (env?: Record<string, string>) => Config;
  /** Backdates an object, as if it had been written `ms` ago (s3rver reads its file's mtime). */
  age: (key: string, ms: number) => Promise<void>;
  close: () => Promise<void>;
}

export async function startObjectStore(): Promise<ObjectStore> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'otaku-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    config: (env = {}) =>
      withCredentials(testConfig({ S3_BUCKET: TEST_BUCKET, S3_ENDPOINT: endpoint, ...env })),
    age: async (key, ms) => {
      const parts = key.split('/');
      const name = `${parts.pop()!}._S3rver_object`;
      const file = path.join(directory, TEST_BUCKET, ...parts, name);
      // s3rver answers a PUT before its file is written (it ends the write stream without
      // waiting), and a write landing after the date below would make the object new again.
      await vi.waitUntil(async () => (await stat(file).catch(() => null))?.size, {
        timeout: 5_000,
      });
      const then = new Date(Date.now() - ms);
      await utimes(file, then, then);
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The store's test credentials, given to the SDK directly rather than through the environment. */
export function withCredentials(config: Config): Config {
  return config.s3 ? { ...config, s3: { ...config.s3, credentials: CREDENTIALS } } : config;
}

export async function buildS3App(config: Config, database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}
