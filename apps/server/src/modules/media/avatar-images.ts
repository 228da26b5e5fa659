/**
 * Profile pictures: re-encoded to a 256x256 WebP under `${uploadsDir}/avatars/`. Every upload
 * gets a new file name, because /uploads is served as immutable.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const AVATAR_SIZE = 256;
const PREFIX = '/uploads/avatars/';

export async function writeAvatar(uploadsDir: string, userId: string, input: Buffer) {
  const dir = path.join(uploadsDir, 'avatars');
  await mkdir(dir, { recursive: true });
  const name = `${userId}-${randomBytes(4).toString('hex')}.webp`;
  const file = path.join(dir, name);
  try {
    await sharp(input)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toFile(file);
  } catch (error) {
    // A picture that cannot be decoded (cut short, damaged) leaves nothing behind.
    await rm(file, { force: true });
    throw error;
  }
  return `${PREFIX}${name}`;
}

/** Removes a picture this server stored; anything else (a Google URL) is left alone. */
export async function removeAvatar(uploadsDir: string, url: string | null): Promise<void> {
  if (!url?.startsWith(PREFIX)) return;
  const name = url.slice(PREFIX.length);
  if (!/^[\w-]+\.webp$/.test(name)) return;
  await rm(path.join(uploadsDir, 'avatars', name), { force: true });
}
