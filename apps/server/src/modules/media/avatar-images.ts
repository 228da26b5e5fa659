/**
 * Profile pictures: re-encoded to a 256x256 WebP under the key `avatars/<name>.webp` of the
 * image store. Every upload gets a new name, because /uploads is served as immutable.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { ImageStore } from './image-store';

export const AVATAR_SIZE = 256;
const PREFIX = '/uploads/avatars/';

/** Decodes the picture; throws when it cannot be decoded (cut short, damaged). */
export function encodeAvatar(input: Buffer): Promise<Buffer> {
  return sharp(input)
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
    .webp({ quality: 80 })
    .toBuffer();
}

/** Stores an encoded picture under a new name and returns its URL path. */
export async function storeAvatar(images: ImageStore, userId: string, encoded: Buffer) {
  const name = `${userId}-${randomBytes(4).toString('hex')}.webp`;
  await images.put(`avatars/${name}`, encoded, 'image/webp');
  return `${PREFIX}${name}`;
}

/** Removes a picture this server stored; anything else (a Google URL) is left alone. */
export async function removeAvatar(images: ImageStore, url: string | null): Promise<void> {
  if (!url?.startsWith(PREFIX)) return;
  const name = url.slice(PREFIX.length);
  if (!/^[\w-]+\.webp$/.test(name)) return;
  await images.delete([`avatars/${name}`]);
}
