/**
 * Pictures as files under `DATA_DIR/uploads` (the default store): `<uploadsDir>/<key>`. A file
 * is written beside its final name and renamed into place, so a reader, or a second writer of
 * the same key, never sees half a picture.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkImageKey, type ImageObject, type ImageStore, type ListedImage } from './image-store';

/** The ETag `send` (@fastify/static) gave the same file, so caches keep their copies. */
const weakEtag = (size: number, mtime: Date) =>
  `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export class DiskImageStore implements ImageStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkImageKey(key));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, body);
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, ifNoneMatch?: string): Promise<ImageObject | 'not-modified' | null> {
    // Opened first and read through the one descriptor: a file replaced or removed meanwhile
    // is still read whole, as it was.
    const handle = await open(this.file(key), 'r').catch((error: unknown) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (!handle) return null;
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const etag = weakEtag(info.size, info.mtime);
      if (ifNoneMatch === etag.slice(2)) {
        await handle.close();
        return 'not-modified';
      }
      // The stream closes the descriptor when it ends or is destroyed.
      const body = handle.createReadStream();
      return { body, size: info.size, etag, lastModified: info.mtime };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }

  async *list(prefix: string): AsyncIterable<ListedImage> {
    if (!/^(?:products|avatars)\/$/.test(prefix)) throw new Error(`not a folder: ${prefix}`);
    const folder = prefix.slice(0, -1);
    const dir = path.join(this.root, folder);
    const names = await readdir(dir).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const name of names) {
      // A file removed meanwhile (by another instance's sweep) is simply no longer there.
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info?.isFile()) yield { key: `${folder}/${name}`, lastModified: info.mtime };
    }
  }

  close(): void {}
}
