/**
 * Generated product artwork: renders the card SVG with sharp (librsvg) and stores it as the
 * product's two WebP sizes. Used by the demo seed, and reusable wherever a product needs a
 * picture without an upload (benchmark fixtures, placeholder images).
 */
import { renderArtworkSvg, type ArtworkSpec } from './artwork-svg';
import type { ImageStore } from '../modules/media/image-store';
import {
  withoutProductImages,
  writeProductImages,
  type StoredImage,
} from '../modules/media/product-images';

export type { ArtworkSpec } from './artwork-svg';

export function writeArtwork(images: ImageStore, spec: ArtworkSpec): Promise<StoredImage> {
  return writeProductImages(images, spec.productId, Buffer.from(renderArtworkSvg(spec)));
}

/**
 * Renders artwork only for products whose files are missing, a few at a time: sharp already
 * spreads each image over the cores, so a small concurrency keeps memory flat while hiding
 * the gaps between images. Returns how many products were rendered.
 */
export async function ensureArtwork(
  images: ImageStore,
  specs: readonly ArtworkSpec[],
  concurrency = 3,
): Promise<number> {
  const lacking = await withoutProductImages(
    images,
    specs.map((spec) => spec.productId),
  );
  const missing = specs.filter((spec) => lacking.has(spec.productId));
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const spec = missing[next++]!;
      await writeArtwork(images, spec);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, missing.length) }, worker));
  return missing.length;
}
