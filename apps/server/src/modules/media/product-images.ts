/**
 * Product images on disk: every product image is kept as two WebP files, 400x533 and 800x1067
 * (3:4), under `${uploadsDir}/products/`. products.image holds the base path
 * `/uploads/products/<id>` and the API appends `-400.webp` or `-800.webp`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

export const PRODUCT_IMAGE_SIZES = [
  { width: 400, height: 533 },
  { width: 800, height: 1067 },
] as const;
export const PRODUCT_IMAGE_WIDTH = 800;
export const PRODUCT_IMAGE_HEIGHT = 1067;

export interface StoredImage {
  image: string;
  imageWidth: number;
  imageHeight: number;
}

export const productImageBase = (productId: string): string => `/uploads/products/${productId}`;

/** The file key of an image base `/uploads/products/<key>`, or null for anything else. */
export function productImageKey(image: string): string | null {
  const match = /^\/uploads\/products\/([A-Za-z0-9-]+)$/.exec(image);
  return match?.[1] ?? null;
}

export function productImageFiles(uploadsDir: string, productId: string): string[] {
  return PRODUCT_IMAGE_SIZES.map((s) =>
    path.join(uploadsDir, 'products', `${productId}-${s.width}.webp`),
  );
}

/** Removes both files of an image key; files already gone are fine. */
export async function removeProductImages(uploadsDir: string, key: string): Promise<void> {
  await Promise.all(productImageFiles(uploadsDir, key).map((file) => rm(file, { force: true })));
}

export function hasProductImages(uploadsDir: string, productId: string): boolean {
  return productImageFiles(uploadsDir, productId).every((file) => existsSync(file));
}

/**
 * Decodes any image sharp reads (an upload, or artwork SVG) once, crops it to 3:4 and writes
 * both WebP sizes. Each file is written beside its final name and renamed into place, so a
 * reader, or a second instance writing the same file, never sees half an image.
 */
export async function writeProductImages(
  uploadsDir: string,
  productId: string,
  input: Buffer,
): Promise<StoredImage> {
  const dir = path.join(uploadsDir, 'products');
  await mkdir(dir, { recursive: true });
  const { data, info } = await sharp(input)
    .rotate()
    .resize(PRODUCT_IMAGE_WIDTH, PRODUCT_IMAGE_HEIGHT, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const files = productImageFiles(uploadsDir, productId);
  await Promise.all(
    PRODUCT_IMAGE_SIZES.map(async (size, i) => {
      const file = files[i]!;
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await sharp(data, raw)
          .resize(size.width, size.height, { fit: 'cover' })
          // Effort 2 encodes twice as fast as the default 4 for files within a few per cent.
          .webp({ quality: 82, effort: 2 })
          .toFile(temp);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    }),
  );
  return {
    image: productImageBase(productId),
    imageWidth: PRODUCT_IMAGE_WIDTH,
    imageHeight: PRODUCT_IMAGE_HEIGHT,
  };
}
